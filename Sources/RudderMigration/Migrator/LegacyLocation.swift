import Foundation

/// Where the legacy SDK and the Swift SDK keep their files inside an app's data container.
public enum LegacyLocation {
    /// The platforms whose legacy plist location differs.
    public enum Platform: String, Sendable, CaseIterable {
        /// iOS, iPadOS, macOS, watchOS: `Library/rsDefaultsPersistence.plist`.
        case iOS = "ios"
        /// tvOS: `Library/Caches/rsDefaultsPersistence.plist`.
        case tvOS = "tvos"

        /// The platform this code was built for.
        public static var current: Platform {
            #if os(tvOS)
                .tvOS
            #else
                .iOS
            #endif
        }
    }

    /// The legacy plist's file name.
    public static let plistFileName = "rsDefaultsPersistence.plist"

    /// The legacy plist inside the `Library` folder `library`.
    public static func plistURL(library: URL, platform: Platform) -> URL {
        switch platform {
        case .iOS: library.appendingPathComponent(plistFileName)
        case .tvOS: library.appendingPathComponent("Caches").appendingPathComponent(plistFileName)
        }
    }

    /// The app's standard defaults file, `Library/Preferences/<bundle-id>.plist`, inside the container `container`.
    public static func standardDefaultsURL(container: URL, bundleIdentifier: String) -> URL {
        container.appendingPathComponent("Library/Preferences").appendingPathComponent("\(bundleIdentifier).plist")
    }

    /// The Swift SDK's suite file, `Library/Preferences/<bundle-id>.analytics.<writeKey>.plist`, inside `container`.
    public static func destinationURL(container: URL, bundleIdentifier: String, writeKey: String) -> URL {
        let suite = RudderLegacyMigrator.suiteName(bundleIdentifier: bundleIdentifier, writeKey: writeKey)
        return container.appendingPathComponent("Library/Preferences").appendingPathComponent("\(suite).plist")
    }
}
