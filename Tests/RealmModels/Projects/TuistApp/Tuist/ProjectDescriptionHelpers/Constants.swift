import ProjectDescription

public enum Constants {
    public static let deploymentTarget = "17.0"
}
