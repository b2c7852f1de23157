import RealmQueryConversion
import RealmThreadingConversion

extension RealmAuditReport {
    /// The Markdown of what the audit converted: each query with its SwiftData fetch (or why it has none), then each
    /// `@ModelActor` draft with its operations' outcomes and its source.
    func conversionsMarkdown() -> String {
        var text = ""
        if let conversionProblem { text += "## Conversions\n\n\(conversionProblem).\n\n" }
        let queries = findings.filter { $0.convertedQuery != nil }
        if !queries.isEmpty {
            text += "## Converted queries\n\n"
            for finding in queries {
                guard let query = finding.query, let conversion = finding.convertedQuery else { continue }
                text += "### `\(finding.file):\(finding.line):\(finding.column)`\n\n"
                // An Objective-C chain is shown as written; its RealmSwift spelling is in the JSON.
                let language = query.swiftEquivalent == nil ? "swift" : "objc"
                text += "```\(language)\n// Realm\n\(query.expression.text)\n```\n\n"
                if let code = conversion.code {
                    text += "```swift\n// SwiftData\n\(code)\n```\n\n"
                }
                for problem in conversion.problems {
                    text += "- Not converted: \(problem.message) — \(problem.instead)\n"
                }
                for note in conversion.notes { text += "- Note: \(note)\n" }
                if !conversion.problems.isEmpty || !conversion.notes.isEmpty { text += "\n" }
            }
        }
        let drafts = files.flatMap { file in file.actorDrafts.map { (file.file, $0) } }
        if !drafts.isEmpty {
            text += "## @ModelActor drafts\n\n"
            for (file, draft) in drafts {
                text += "### `\(draft.actorName)` for `\(draft.originalType)` (`\(file):\(draft.line)`)\n\n"
                for operation in draft.operations {
                    text += "- `\(operation.original)` (line \(operation.line)): \(operation.outcome.rawValue)"
                    text += operation.notes.isEmpty ? "\n" : " — \(operation.notes.joined(separator: "; "))\n"
                    for pending in operation.pendingQueries { text += "  - query to convert: `\(pending)`\n" }
                }
                for note in draft.notes { text += "- \(note)\n" }
                text += "\n```swift\n\(draft.source)\(draft.source.hasSuffix("\n") ? "" : "\n")```\n\n"
            }
        }
        return text
    }
}
