/// The anonymous id the v2 SDK used when the app had not set one: the device's `identifierForVendor`, lowercased
/// (`RSAnonymousIdPlugin`, v2.2.6 and later). It is not in the app's storage, so a migration is told what it is.
public enum RudderV2DeviceID: Sendable, Equatable {
    /// The id, as read on the device (or given with `--anonymous-id`); written lowercased, as the v2 SDK sent it.
    case known(String)
    /// Not known here, e.g. a container copied off the device without `--anonymous-id`: `anonymous_id` is skipped
    /// with `reason` and everything else migrates.
    case unknown(reason: String)
    /// The device has not produced it yet (`identifierForVendor` is nil after a restart until the first unlock): a
    /// run that needs it is deferred, like one whose storage cannot be opened yet.
    case notYetAvailable
}
