/// Which legacy RudderStack iOS SDK line left the data to migrate.
public enum RudderLegacySDK: String, Sendable, Codable, CaseIterable {
    /// The Obj-C SDK (rudder-sdk-ios v1.x): `rl_*` keys in `rsDefaultsPersistence.plist` and standard defaults.
    case v1
    /// The Swift rewrite (rudder-sdk-ios v2.x): `rs_*` keys (and the `rl_session_*` keys) in standard defaults only.
    case v2

    /// How a migrator picks the legacy SDK line.
    public enum Selection: String, Sendable, Codable, CaseIterable {
        /// Read v1's storage.
        case v1
        /// Read v2's storage.
        case v2
        /// Decide from the keys present: v2 when standard defaults hold a key only v2 writes, else v1. The report
        /// says which was chosen and why.
        case auto
    }
}
