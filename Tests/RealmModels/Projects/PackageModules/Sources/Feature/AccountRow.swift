import Models

/// The feature's own view model, named like the Models target's Realm model.
public struct Account: Identifiable {
    public var id: String
    public var displayName: String
}
