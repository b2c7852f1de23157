import Foundation
import RealmAudit
import SwiftDataCodegen

/// `carryover realm audit`: every use of Realm in a codebase and the migration plan, by `RealmUsageAudit`.
let auditCommands: [CommandSpec] = [
    CommandSpec(
        path: ["realm", "audit"],
        summary: "Find every use of Realm in a codebase and plan its migration to SwiftData.",
        overview: """
            Reads every .swift, .h, .m and .mm file under each DIR (Pods, Carthage, DerivedData, .build and hidden
            folders are skipped) and reports each use of Realm in the files that import RealmSwift or Realm (for
            Objective-C: that import Realm, a header that does, or name its classes): file:line:column,
            category (model, query, write, observation, swiftui, threading, configuration, schema-migration, sync,
            encryption, realm-open), the Realm API, its SwiftData or Swift-concurrency equivalent, the effort
            (trivial, moderate, hard) and what in Carryover converts it; then counts per file and in total, and a
            plan in the migration's phases (models, data migration, a Swift facade for Objective-C callers when
            there are any, queries and writes, threading, observation and SwiftUI, sync, removing Realm). Prints the report as Markdown (or JSON with --json); with --output it is
            written to that file and a summary is printed. What cannot be read in a file is printed on stderr as
            file:line warnings; the rest is still audited. Exit status: 0 audited, 1 failure, 64 bad usage,
            66 an input that does not exist or cannot be read. The report also converts: each query becomes a SwiftData
            FetchDescriptor (or says why it cannot), each type that opens Realm on background queues a @ModelActor
            draft, against the models `carryover realm models` generates from the same sources — give the same
            --rename and --strip-prefix, so the converted code uses the same names.
            """,
        arguments: [
            ArgumentSpec(
                placeholder: "DIR", help: "Folders (or .swift, .h, .m, .mm files) to audit.", isVariadic: true)
        ],
        options: [ExcludeOption.option.spec] + ModelNamingOptions.specs + [
            AuditOptions.json.spec, AuditOptions.output.spec,
        ],
        stopsOnInterrupt: true,
        run: runAudit
    )
]

/// The options of `realm audit`.
private enum AuditOptions {
    static let json = Flag("--json", "Give the report as JSON instead of Markdown.")
    static let output = Option<String?>.optional(
        "--output", "REPORT.md", "Write the report to this file and print a summary instead.")
}

private func runAudit(_ arguments: ParsedArguments, _ console: Console) async throws -> ExitStatus {
    var modelOptions = CodegenOptions()
    try ModelNamingOptions.apply(arguments, to: &modelOptions)
    let audit = RealmUsageAudit(
        roots: arguments.positionals.map { URL(fileURLWithPath: $0) },
        excluding: try arguments.values(of: ExcludeOption.option), modelOptions: modelOptions)
    let output = try arguments.value(of: AuditOptions.output)
    let report: RealmAuditReport
    do {
        report = try await audit.run()
    } catch let error as RealmAuditError {
        console.error.write("Error: \(error.description)\n")
        return .unreadableInput
    }
    for diagnostic in report.diagnostics { console.error.write("\(diagnostic)\n") }
    let text = arguments[AuditOptions.json] ? report.json() : report.markdown()
    guard let output else {
        console.output.write(text)
        return .success
    }
    try Data(text.utf8).write(to: URL(fileURLWithPath: output))
    let totals = report.totals
    console.output.write(
        "Audited \(report.swiftFiles) Swift files"
            + (report.objectiveCFiles.map { " and \($0) Objective-C files" } ?? "")
            + " (\(report.files.count) import Realm): \(totals.total) uses of Realm, "
            + "\(totals.byEffort[.trivial] ?? 0) trivial, \(totals.byEffort[.moderate] ?? 0) moderate, "
            + "\(totals.byEffort[.hard] ?? 0) hard; \(totals.converted) converted by Carryover.\n"
            + RealmAuditCategory.allCases.filter { (totals.byCategory[$0] ?? 0) > 0 }
            .map { "  \($0.rawValue): \(totals.byCategory[$0] ?? 0)\n" }.joined()
            + "Report: \(output)\n")
    return .success
}
