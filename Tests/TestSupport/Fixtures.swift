import Foundation

/// Where the shared test data lives: `../shared/fixtures` beside the checkout, or `$CARRYOVER_FIXTURES`.
public enum Fixtures {
    /// The checkout's root folder (the one holding `Package.swift`).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The folder of shared fixtures; `$CARRYOVER_FIXTURES` overrides the default `../shared/fixtures`.
    public static let sharedDirectory: URL = {
        if let override = ProcessInfo.processInfo.environment["CARRYOVER_FIXTURES"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
    }()

    /// The Realm fixtures folder (`.realm` files and the engine's dumps).
    public static var realmDirectory: URL { sharedDirectory.appendingPathComponent("realm") }

    /// The URL of a Realm fixture file such as `music.v24.realm`; records nothing, callers read it and fail if absent.
    public static func realm(_ name: String) -> URL { realmDirectory.appendingPathComponent(name) }
}

/// A fresh temporary directory, removed by `remove()`.
public struct TemporaryDirectory: Sendable {
    public let url: URL

    /// Creates an empty directory under the system temporary directory.
    public init(_ label: String = "carryover-test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the directory.
    public func appending(_ path: String) -> URL { url.appendingPathComponent(path) }

    /// Deletes the directory and everything in it.
    public func remove() { try? FileManager.default.removeItem(at: url) }
}
