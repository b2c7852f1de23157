import Foundation

public enum Constants {
    public static let yearOneDate = Date(timeIntervalSince1970: -62_135_596_800)
}
