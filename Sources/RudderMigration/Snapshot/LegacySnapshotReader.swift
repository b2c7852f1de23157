import Foundation

/// Reads the legacy SDK's two sources into a `LegacySnapshot`. Never throws: every failure becomes a source status.
struct LegacySnapshotReader {
    var plistURL: URL
    var standardDefaults: any KeyValueStore
    var fileAccess: any FileAccess

    func read() -> LegacySnapshot {
        let (plistValues, plistReport) = readPlist()
        let (defaultsValues, defaultsReport) = readStandardDefaults()
        return LegacySnapshot(
            plist: plistValues, standardDefaults: defaultsValues, sources: [plistReport, defaultsReport])
    }

    private func readPlist() -> ([LegacyKey: PropertyListValue], SourceReport) {
        let location = plistURL.path
        do {
            guard let data = try fileAccess.contents(of: plistURL) else {
                return ([:], SourceReport(source: .legacyPlist, location: location, status: .absent))
            }
            let root = try PropertyListFileStore.decodeRoot(data, path: location)
            var values: [LegacyKey: PropertyListValue] = [:]
            for key in LegacyKey.allCases {
                guard let object = root[key.rawValue], let value = PropertyListValue(foundationObject: object) else {
                    continue
                }
                values[key] = value
            }
            return (values, Self.readReport(.legacyPlist, location, values.count))
        } catch {
            return ([:], Self.failureReport(.legacyPlist, location, error))
        }
    }

    private func readStandardDefaults() -> ([LegacyKey: PropertyListValue], SourceReport) {
        let location = standardDefaults.identity
        do {
            let stored = try standardDefaults.values(forKeys: LegacyKey.allCases.map(\.rawValue))
            var values: [LegacyKey: PropertyListValue] = [:]
            for (key, value) in stored {
                guard let legacyKey = LegacyKey(rawValue: key) else { continue }
                values[legacyKey] = value
            }
            return (values, Self.readReport(.standardDefaults, location, values.count))
        } catch {
            return ([:], Self.failureReport(.standardDefaults, location, error))
        }
    }

    private static func readReport(_ source: LegacySource, _ location: String, _ count: Int) -> SourceReport {
        SourceReport(source: source, location: location, status: .read, legacyKeysFound: count)
    }

    /// A file that opened but did not parse (or is far too large for a settings file) is corrupt: its values are
    /// ignored and the rest migrates. Any other failure to open or read an existing file makes the source
    /// unavailable, which defers the whole run.
    private static func failureReport(_ source: LegacySource, _ location: String, _ error: Error) -> SourceReport {
        if case RudderMigrationError.corruptStore(_, let reason) = error {
            return SourceReport(source: source, location: location, status: .corrupt, reason: reason)
        }
        if let error = error as? FileAccessError, error.kind == .tooLarge {
            return SourceReport(source: source, location: location, status: .corrupt, reason: error.reason)
        }
        let reason = (error as? FileAccessError).map { "\($0.kind.rawValue): \($0.reason)" } ?? "\(error)"
        return SourceReport(source: source, location: location, status: .unavailable, reason: reason)
    }
}
