/// Choices a caller makes about a migration run.
public struct RudderMigrationOptions: Sendable, Equatable {
    /// Migrate even when the Swift SDK's suite already holds an `anonymous_id` (the SDK already ran): legacy values
    /// replace the SDK's for every field that migrates. Off by default.
    public var overwriteInitializedDestination: Bool
    /// After the written values were read back and matched, delete the legacy SDK's data: for v1
    /// `rsDefaultsPersistence.plist` and its keys in standard defaults, for v2 its keys in standard defaults. Off by
    /// default: legacy data is never changed unless asked.
    public var removeLegacyAfterVerification: Bool
    /// The clock the targeted Swift SDK reads `last_activity_time` with: `.since1970` (Swift SDK 1.2.0 and later, the
    /// default) or `.uptime` (1.0.x–1.1.x).
    public var swiftSDKClock: SwiftSDKClock

    /// Creates options; the switches default to off, the clock to Swift SDK 1.2.0 and later's.
    public init(
        overwriteInitializedDestination: Bool = false, removeLegacyAfterVerification: Bool = false,
        swiftSDKClock: SwiftSDKClock = .since1970
    ) {
        self.overwriteInitializedDestination = overwriteInitializedDestination
        self.removeLegacyAfterVerification = removeLegacyAfterVerification
        self.swiftSDKClock = swiftSDKClock
    }
}
