/// What a v2 migration read: the v2 SDK's keys in standard defaults, how reading went, and the device's anonymous id.
/// The input of `RudderV2MigrationPlanner`.
public struct LegacyV2Snapshot: Sendable, Equatable {
    /// The migrated keys' values.
    public var values: [LegacyV2Key: PropertyListValue]
    /// The v2 SDK's other keys that are present (server config, opt status…): not migrated, but proof the SDK ran.
    public var otherSDKKeys: [String]
    /// The anonymous id the v2 SDK derived from the device, used when `rs_anonymous_id` is not there.
    public var deviceID: RudderV2DeviceID
    /// How reading standard defaults went.
    public var source: SourceReport

    /// Creates a snapshot.
    public init(
        values: [LegacyV2Key: PropertyListValue], otherSDKKeys: [String] = [], deviceID: RudderV2DeviceID,
        source: SourceReport
    ) {
        self.values = values
        self.otherSDKKeys = otherSDKKeys
        self.deviceID = deviceID
        self.source = source
    }

    /// The entry of `key`, from standard defaults.
    func entry(_ key: LegacyV2Key) -> LegacySnapshot.Entry? {
        values[key].map { LegacySnapshot.Entry($0, from: .standardDefaults) }
    }

    /// Whether the v2 SDK left anything: only then does the device's id stand for a legacy identity (on a fresh
    /// install it would merely replace the new id the Swift SDK makes).
    public var sdkRan: Bool { !values.isEmpty || !otherSDKKeys.isEmpty }

    /// Whether the anonymous id has to come from the device: the SDK ran and `rs_anonymous_id` holds no usable string.
    var needsDeviceID: Bool {
        guard sdkRan else { return false }
        if case .string(let id)? = values[.anonymousID], !id.isEmpty { return false }
        return true
    }

    /// Why the migration must wait: standard defaults cannot be opened yet, or the device's id is needed and not
    /// there yet.
    public var unavailableReason: String? {
        if source.status == .unavailable { return "\(source.location): \(source.reason ?? "cannot be opened")" }
        if needsDeviceID, deviceID == .notYetAvailable {
            return "the device's identifierForVendor (the v2 SDK's anonymous id) is not available yet"
        }
        return nil
    }
}
