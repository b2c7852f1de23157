import Foundation
import RudderMigration
import TestSupport

/// A temporary app data container with legacy RudderStack files, and migrators over it.
final class LegacyContainer {
    static let bundleID = "com.example.shop"
    static let writeKey = "2AbCdEfGhIjKlMnOpQrStUvWxYz"
    /// 2023-11-14T22:13:20Z, the clock every test uses unless it says otherwise.
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    let directory: TemporaryDirectory
    let platform: LegacyLocation.Platform

    init(platform: LegacyLocation.Platform = .iOS) throws {
        directory = try TemporaryDirectory("rudder-container")
        self.platform = platform
    }

    deinit { directory.remove() }

    var url: URL { directory.url }
    var plistURL: URL { LegacyLocation.plistURL(library: url.appendingPathComponent("Library"), platform: platform) }
    var standardDefaultsURL: URL { LegacyLocation.standardDefaultsURL(container: url, bundleIdentifier: Self.bundleID) }
    var destinationURL: URL {
        LegacyLocation.destinationURL(container: url, bundleIdentifier: Self.bundleID, writeKey: Self.writeKey)
    }

    /// Writes the legacy plist (`rsDefaultsPersistence.plist`) with `values`.
    func writePlist(_ values: [String: Any], format: PropertyListSerialization.PropertyListFormat = .binary) throws {
        try Self.write(values, to: plistURL, format: format)
    }

    /// Writes the app's standard defaults file with `values`.
    func writeStandardDefaults(
        _ values: [String: Any], format: PropertyListSerialization.PropertyListFormat = .binary
    ) throws {
        try Self.write(values, to: standardDefaultsURL, format: format)
    }

    /// Writes the destination suite file with `values`.
    func writeDestination(_ values: [String: Any]) throws {
        try Self.write(values, to: destinationURL, format: .binary)
    }

    /// The destination suite file's contents, parsed independently of the library.
    func destination() throws -> [String: Any] {
        try Self.read(destinationURL) ?? [:]
    }

    static func write(_ values: [String: Any], to url: URL, format: PropertyListSerialization.PropertyListFormat) throws
    {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let data = try PropertyListSerialization.data(fromPropertyList: values, format: format, options: 0)
        try data.write(to: url)
    }

    static func read(_ url: URL) throws -> [String: Any]? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let object = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), options: [], format: nil)
        return object as? [String: Any]
    }

    /// A migrator over this container's files, the way the command-line tool builds one.
    func migrator(
        source: RudderLegacySDK.Selection = .auto, v2DeviceID: RudderV2DeviceID = .unknown(reason: "not given"),
        options: RudderMigrationOptions = RudderMigrationOptions(), fileAccess: any FileAccess = SystemFileAccess(),
        destination: (any KeyValueStore)? = nil, now: Date = LegacyContainer.now, systemUptime: TimeInterval? = nil
    ) -> RudderLegacyMigrator {
        RudderLegacyMigrator(
            legacyPlistURL: plistURL,
            legacyStandardDefaults: PropertyListFileStore(url: standardDefaultsURL, fileAccess: fileAccess),
            destination: destination ?? PropertyListFileStore(url: destinationURL, fileAccess: fileAccess),
            source: source, v2DeviceID: v2DeviceID, options: options, fileAccess: fileAccess, clock: { now },
            systemUptime: { systemUptime })
    }
}

/// The legacy values of an identified user with an active automatic session, as the legacy SDK stores them.
enum GuideExample {
    static let anonymousID = "6A1B0E4C-3F2D-4C8B-9E7A-5D1F2C3B4A59"
    static let userID = "user-8231"
    static let traitsJSON =
        #"{"anonymousId":"6A1B0E4C-3F2D-4C8B-9E7A-5D1F2C3B4A59","userId":"user-8231","id":"user-8231","#
        + #""email":"ada@example.com","plan":"pro","address":{"city":"Lisbon"},"tags":["beta",2]}"#
    static let sessionID: Int64 = 1_699_999_000
    static let lastEvent: Int64 = 1_699_999_900

    /// Every migrated key plus the keys the guide says not to migrate.
    static var legacyValues: [String: Any] {
        [
            "rl_anonymous_id": anonymousID,
            "rl_traits": traitsJSON,
            "rl_session_id": NSNumber(value: sessionID),
            "rl_session_auto_track_status": true,
            "rl_last_event_time_stamp": NSNumber(value: lastEvent),
            "rl_application_version_key": "3.4.1",
            "rl_application_build_key": "341",
            "rl_external_id": #"[{"type":"brazeExternalId","id":"b-1"}]"#,
            "rl_opt_status": false,
            "rl_server_config": "{}",
            "rl_server_last_updated": NSNumber(value: 1_699_990_000),
            "standardDefaultsCopied": true,
        ]
    }
}

/// The v2 SDK's values for an identified user in a running automatic session, as v2.3.1 and later store them in
/// standard defaults (traits archived with `NSKeyedArchiver`, as `RSIdentifyTraitsPlugin` does).
enum V2Example {
    /// The device's `identifierForVendor` as `uuidString` prints it; the v2 SDK sent it lowercased.
    static let deviceID = "0F1E2D3C-4B5A-4697-8877-665544332211"
    static let userID = "user-8231"
    static let sessionID: Int64 = 1_699_999_000
    static let lastEvent: Int64 = 1_699_999_900
    static var traits: [String: Any] {
        ["userId": userID, "email": "ada@example.com", "plan": "pro", "address": ["city": "Lisbon"], "vip": true]
    }

    static func archive(_ object: Any) throws -> Data {
        try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: false)
    }

    /// Every key v2 writes, the migrated ones and the others.
    static func values() throws -> [String: Any] {
        [
            "rs_user_id": userID,
            "rs_traits": try archive(traits),
            "rl_session_id": NSNumber(value: sessionID),
            "rl_session_auto_track_status": true,
            "rl_session_manual_track_status": false,
            "rl_session_stopped_status": false,
            "rl_last_event_time_stamp": NSNumber(value: lastEvent),
            "rs_application_version_key": "3.4.1",
            "rs_application_build_key": "341",
            "rs_server_config": Data([1, 2, 3]),
            "rs_server_last_updated": NSNumber(value: 1_699_990_000),
            "rs_opt_status": false,
        ]
    }
}
