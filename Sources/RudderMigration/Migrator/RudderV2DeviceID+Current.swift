import Foundation

#if canImport(UIKit) && !os(watchOS)
    import UIKit
#endif

extension RudderV2DeviceID {
    /// This device's id as the v2 SDK read it: `UIDevice.current.identifierForVendor?.uuidString.lowercased()` on
    /// iOS, iPadOS, tvOS and Mac Catalyst (`RSAnonymousIdPlugin`, v2.2.6 and later).
    ///
    /// `UIDevice` may only be used on the main thread; read elsewhere this is `.unknown`. A nil
    /// `identifierForVendor` (after a restart, before the first unlock) is `.notYetAvailable`. Platforms without
    /// `UIDevice` are `.unknown`: on macOS the v2 SDK used en0's MAC address, on watchOS `WKInterfaceDevice`'s id;
    /// pass those with the explicit initializer.
    public static var current: RudderV2DeviceID {
        #if canImport(UIKit) && !os(watchOS)
            guard Thread.isMainThread else {
                return .unknown(reason: "the migrator was created off the main thread, where UIDevice cannot be read")
            }
            return MainActor.assumeIsolated {
                UIDevice.current.identifierForVendor.map { .known($0.uuidString.lowercased()) } ?? .notYetAvailable
            }
        #else
            return .unknown(reason: "this platform has no UIDevice.identifierForVendor")
        #endif
    }
}
