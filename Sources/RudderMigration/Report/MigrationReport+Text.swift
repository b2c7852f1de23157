import Foundation

extension RudderMigrationReport {
    /// The report as a few lines of plain text for a terminal or a log: outcome, sources, one line per field, and
    /// what happened to the legacy data.
    public var text: String {
        var lines: [String] = []
        let heading = isPreview ? "Preview (nothing written): \(outcome.rawValue)" : "Outcome: \(outcome.rawValue)"
        lines.append(heading)
        lines.append("  \(detail)")
        lines.append("Destination: \(destination)")
        if let legacySDK {
            lines.append("Legacy SDK: \(legacySDK.rawValue) (\(legacySDKSelection ?? "chosen"))")
        }
        if resumedInterruptedRun { lines.append("  (completed a run that was interrupted earlier)") }
        if !sources.isEmpty {
            lines.append("Sources:")
            for source in sources { lines.append("  " + Self.line(for: source)) }
        }
        if !fields.isEmpty {
            lines.append("Fields:")
            for field in fields { lines.append("  " + Self.line(for: field)) }
        }
        switch legacyRemoval.status {
        case .notRequested: lines.append("Legacy data: left in place")
        case .removed: lines.append("Legacy data: removed after the destination was verified")
        case .notRemoved: lines.append("Legacy data: left in place (\(legacyRemoval.reason ?? "not removed"))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func line(for source: SourceReport) -> String {
        let name = source.source.rawValue.padding(toLength: 18, withPad: " ", startingAt: 0)
        let status: String
        switch source.status {
        case .read: status = "read, \(source.legacyKeysFound ?? 0) legacy key(s)"
        case .absent: status = "absent"
        case .corrupt: status = "corrupt, ignored: \(source.reason ?? "")"
        case .unavailable: status = "cannot be opened now: \(source.reason ?? "")"
        }
        return "\(name) \(status) [\(source.location)]"
    }

    private static func line(for field: FieldReport) -> String {
        let name = field.field.destinationKey.padding(toLength: 19, withPad: " ", startingAt: 0)
        let passedOver = field.plistValuePassedOver.map { " (legacy plist value passed over: \($0))" } ?? ""
        switch field.outcome {
        case .migrated(let value, let source):
            return "\(name) migrated  \(value)  (from \(source.rawValue))\(passedOver)"
        case .skipped(let reason, _): return "\(name) skipped   \(reason)\(passedOver)"
        case .absent: return "\(name) absent\(passedOver)"
        }
    }
}
