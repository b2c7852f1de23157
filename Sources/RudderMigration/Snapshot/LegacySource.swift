/// Where a legacy value was read from.
public enum LegacySource: String, Sendable, Codable, CaseIterable {
    /// `Library/rsDefaultsPersistence.plist` (tvOS: `Library/Caches/rsDefaultsPersistence.plist`), written by legacy
    /// SDK 1.25.2 and later. Its values win.
    case legacyPlist = "legacy-plist"
    /// The app's `UserDefaults.standard` (`Library/Preferences/<bundle-id>.plist`), the only store before 1.25.2.
    /// Fills the keys the plist lacks, and the keys whose plist value cannot be migrated.
    case standardDefaults = "standard-defaults"
    /// The device's `identifierForVendor`, which the v2 SDK used as the anonymous id when the app had set none: read on
    /// the device, or given to the command-line tool with `--anonymous-id`. Not part of the app's storage.
    case vendorIdentifier = "identifier-for-vendor"

    /// How reports name the source in a sentence.
    public var phrase: String {
        switch self {
        case .legacyPlist: "the legacy plist"
        case .standardDefaults: "standard defaults"
        case .vendorIdentifier: "the device's identifierForVendor"
        }
    }
}
