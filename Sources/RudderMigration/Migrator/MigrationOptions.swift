/// Choices a caller makes about a migration run.
public struct RudderMigrationOptions: Sendable, Equatable {
    /// Migrate even when the Swift SDK's suite already holds an `anonymous_id` (the SDK already ran): legacy values
    /// replace the SDK's for every field that migrates. Off by default.
    public var overwriteInitializedDestination: Bool
    /// After the written values were read back and matched, delete `rsDefaultsPersistence.plist` and the legacy
    /// SDK's keys in standard defaults. Off by default: legacy data is never changed unless asked.
    public var removeLegacyAfterVerification: Bool

    /// Creates options; both default to off.
    public init(overwriteInitializedDestination: Bool = false, removeLegacyAfterVerification: Bool = false) {
        self.overwriteInitializedDestination = overwriteInitializedDestination
        self.removeLegacyAfterVerification = removeLegacyAfterVerification
    }
}
