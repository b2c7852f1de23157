import Foundation

/// Reads the legacy storage of the selected SDK line (or, with `.auto`, of both, then decides) into a
/// `LegacyReading`. Never throws: every failure becomes a source status.
struct LegacyReader {
    var plistURL: URL
    var standardDefaults: any KeyValueStore
    var fileAccess: any FileAccess
    var selection: RudderLegacySDK.Selection
    var deviceID: RudderV2DeviceID

    func read() -> LegacyReading {
        switch selection {
        case .v1:
            let defaults = readStandardDefaults(LegacyKey.allCases.map(\.rawValue))
            return v1Reading(readPlist(), defaults, selected: "chosen: v1")
        case .v2:
            return v2Reading(readStandardDefaults(LegacyV2Key.allSDKKeys), plist: nil, selected: "chosen: v2")
        case .auto:
            let plist = readPlist()
            let keys = Array(Set(LegacyKey.allSDKKeys + LegacyV2Key.allSDKKeys)).sorted()
            let defaults = readStandardDefaults(keys)
            let detected = LegacySDKDetection.detect(
                plist: plist.report, standardDefaultsKeys: Set(defaults.values.keys))
            switch detected.sdk {
            case .v1: return v1Reading(plist, defaults, selected: detected.reason)
            case .v2: return v2Reading(defaults, plist: plist.report, selected: detected.reason)
            }
        }
    }

    /// Values read from one source, by key, and how reading it went.
    private struct SourceRead {
        var values: [String: PropertyListValue]
        var report: SourceReport
    }

    private func v1Reading(_ plist: SourceRead, _ defaults: SourceRead, selected: String) -> LegacyReading {
        let plistValues = Self.v1Values(plist.values)
        let defaultsValues = Self.v1Values(defaults.values)
        var defaultsReport = defaults.report
        if defaultsReport.status == .read { defaultsReport.legacyKeysFound = defaultsValues.count }
        let snapshot = LegacySnapshot(
            plist: plistValues, standardDefaults: defaultsValues, sources: [plist.report, defaultsReport])
        return LegacyReading(sdk: .v1, selection: selected, data: .v1(snapshot))
    }

    private func v2Reading(_ defaults: SourceRead, plist: SourceReport?, selected: String) -> LegacyReading {
        var values: [LegacyV2Key: PropertyListValue] = [:]
        var others: [String] = []
        for key in LegacyV2Key.allSDKKeys {
            guard let value = defaults.values[key] else { continue }
            if let v2Key = LegacyV2Key(rawValue: key) { values[v2Key] = value } else { others.append(key) }
        }
        var report = defaults.report
        if report.status == .read { report.legacyKeysFound = values.count }
        let snapshot = LegacyV2Snapshot(values: values, otherSDKKeys: others, deviceID: deviceID, source: report)
        return LegacyReading(sdk: .v2, selection: selected, data: .v2(snapshot, plist: plist))
    }

    private static func v1Values(_ values: [String: PropertyListValue]) -> [LegacyKey: PropertyListValue] {
        var result: [LegacyKey: PropertyListValue] = [:]
        for key in LegacyKey.allCases { result[key] = values[key.rawValue] }
        return result
    }

    /// The legacy plist's migrated v1 keys (only v1 writes the plist).
    private func readPlist() -> SourceRead {
        let location = plistURL.path
        do {
            guard let data = try fileAccess.contents(of: plistURL) else {
                return SourceRead(
                    values: [:], report: SourceReport(source: .legacyPlist, location: location, status: .absent))
            }
            let root = try PropertyListFileStore.decodeRoot(data, path: location)
            var values: [String: PropertyListValue] = [:]
            for key in LegacyKey.allCases {
                guard let object = root[key.rawValue], let value = PropertyListValue(foundationObject: object) else {
                    continue
                }
                values[key.rawValue] = value
            }
            return SourceRead(values: values, report: Self.readReport(.legacyPlist, location, values.count))
        } catch {
            return SourceRead(values: [:], report: Self.failureReport(.legacyPlist, location, error))
        }
    }

    /// `keys` from standard defaults; `legacyKeysFound` is set by the caller, which knows which keys count.
    private func readStandardDefaults(_ keys: [String]) -> SourceRead {
        let location = standardDefaults.identity
        do {
            let values = try standardDefaults.values(forKeys: keys)
            return SourceRead(values: values, report: Self.readReport(.standardDefaults, location, values.count))
        } catch {
            return SourceRead(values: [:], report: Self.failureReport(.standardDefaults, location, error))
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
