import Foundation
import MigrationEngine
import RealmSQLiteMigration

/// What `realm migrate` prints: the report as text, or as the JSON document of `RealmToSQLiteReport`.
enum MigrateReportText {
    /// The report as one pretty-printed JSON document with sorted keys.
    static func json(_ report: RealmToSQLiteReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
    }

    /// The outcome, then a line per class and relationship checked, the problems, and the verdict.
    static func text(_ report: RealmToSQLiteReport) -> String {
        let outcome = report.outcome
        var text: String
        if outcome.wasAlreadyComplete {
            text = "\(report.destination) already holds the complete migration; nothing to copy.\n"
        } else {
            let resumed = outcome.resumedFrom.map { " (resumed after batch \($0.batchesCommitted))" } ?? ""
            text =
                "Copied into \(report.destination)\(resumed): \(outcome.objectsWritten) object writes in \(outcome.batchesCommitted) batches.\n"
        }
        return text + verificationText(report.verification)
    }

    /// The verification part of a report: a line per class and relationship, the problems, the verdict.
    static func verificationText(_ report: VerificationReport) -> String {
        guard report.level != .none else { return "Verification skipped (--verify none).\n" }
        var text = "\nVerification (\(report.level.rawValue)):\n"
        for cls in report.classes {
            let status = cls.sourceCount == cls.destinationCount && cls.objectsDiffering == 0 ? "ok" : "MISMATCH"
            var line = "  \(cls.name): \(cls.destinationCount)/\(cls.sourceCount) objects"
            if report.level == .full {
                line += ", \(cls.objectsCompared) compared field by field, \(cls.objectsDiffering) differing"
            }
            text += line + " — \(status)\n"
        }
        for link in report.relationships {
            let status = link.inverseAgrees && link.danglingLinks == 0 ? "ok" : "MISMATCH"
            text +=
                "  \(link.originClass).\(link.originField) → \(link.targetClass): \(link.destinationLinks) links, \(link.danglingLinks) dangling, inverse \(link.inverseAgrees ? "agrees" : "differs") — \(status)\n"
        }
        for problem in report.problems {
            let key = problem.key.map { "[\($0)]" } ?? ""
            let fields = problem.fields.isEmpty ? "" : " (\(problem.fields.joined(separator: ", ")))"
            text += "  problem: \(problem.kind.rawValue) \(problem.className)\(key)\(fields): \(problem.detail)\n"
        }
        if report.problemCount > report.problems.count {
            text += "  … and \(report.problemCount - report.problems.count) more problems\n"
        }
        text += report.passed ? "Verification passed.\n" : "Verification FAILED: \(report.problemCount) problems.\n"
        return text
    }
}
