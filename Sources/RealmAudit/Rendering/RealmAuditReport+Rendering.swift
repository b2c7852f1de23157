import Foundation

extension RealmAuditReport {
    /// The report as JSON: sorted keys, pretty-printed, with a trailing newline; the same report gives the same
    /// bytes.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every member is a plain value: encoding cannot fail.
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The report as Markdown: the summary, counts per category and effort, the plan step by step with each
    /// finding, the converted queries and actor drafts, then per-file counts and diagnostics. Files and findings appear in the report's order.
    public func markdown() -> String {
        var text = "# Realm audit\n\n"
        text += "Audited: \(roots.map { "`\($0)`" }.joined(separator: ", ")). "
        text += "\(swiftFiles) Swift file\(swiftFiles == 1 ? "" : "s")"
        if let objectiveCFiles { text += " and \(objectiveCFiles) Objective-C file\(objectiveCFiles == 1 ? "" : "s")" }
        text += ", \(files.count) import Realm; "
        text +=
            "\(totals.total) use\(totals.total == 1 ? "" : "s") of Realm, \(totals.converted) converted by Carryover.\n\n"
        text += "| category | uses | trivial | moderate | hard |\n| --- | ---: | ---: | ---: | ---: |\n"
        for category in RealmAuditCategory.allCases {
            let findings = self.findings.filter { $0.category == category }
            let counts = RealmAuditCounts(findings)
            text += "| \(category.rawValue) | \(counts.total) | \(counts.byEffort[.trivial] ?? 0) | "
            text += "\(counts.byEffort[.moderate] ?? 0) | \(counts.byEffort[.hard] ?? 0) |\n"
        }
        text += "| **total** | **\(totals.total)** | **\(totals.byEffort[.trivial] ?? 0)** | "
        text += "**\(totals.byEffort[.moderate] ?? 0)** | **\(totals.byEffort[.hard] ?? 0)** |\n\n"
        text += "## Plan\n\n"
        let byLocation = Dictionary(
            findings.map { ("\($0.file):\($0.line):\($0.column):\($0.api)", $0) },
            uniquingKeysWith: { first, _ in first })
        for (number, step) in plan.enumerated() {
            text += "### \(number + 1). \(step.title)\n\n\(step.carryover)\n\n"
            if step.phase == .objectiveCFacade {
                text += step.files.map { "- `\($0)`\n" }.joined() + "\n"
                continue
            }
            if step.phase == .removingRealm {
                text +=
                    step.files.map { "- `\($0)`\n" }.joined() + (step.files.isEmpty ? "Nothing imports Realm.\n" : "")
                text += "\n"
                continue
            }
            guard !step.findings.isEmpty else {
                text += "Nothing to do.\n\n"
                continue
            }
            for reference in step.findings {
                let finding = byLocation["\(reference.file):\(reference.line):\(reference.column):\(reference.api)"]
                text += "- `\(reference.file):\(reference.line):\(reference.column)` **\(reference.api)** "
                text += "(\(reference.effort.rawValue), \(reference.convertedBy.rawValue)): "
                text += "\(finding?.equivalent ?? "")"
                if let inference = finding?.inference { text += " — \(inference)" }
                if finding?.note != nil { text += " (Objective-C: through the Swift facade)" }
                text += "\n"
            }
            text += "\n"
        }
        text += conversionsMarkdown()
        text += "## Files\n\n| file | uses | trivial | moderate | hard | diagnostics |\n"
        text += "| --- | ---: | ---: | ---: | ---: | ---: |\n"
        for file in files {
            text += "| `\(file.file)` | \(file.counts.total) | \(file.counts.byEffort[.trivial] ?? 0) | "
            text += "\(file.counts.byEffort[.moderate] ?? 0) | \(file.counts.byEffort[.hard] ?? 0) | "
            text += "\(file.diagnostics.count) |\n"
        }
        if !diagnostics.isEmpty {
            text += "\n## Diagnostics\n\n" + diagnostics.map { "- \($0)\n" }.joined()
        }
        return text
    }
}
