import Foundation
import RealmModelParser
import RealmThreadingConversion
import SwiftDataCodegen
import SwiftSourceSyntax

/// Why an audit could not run.
public enum RealmAuditError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// An audited path that does not exist.
    case noSuchInput(String)
    /// A file that exists but cannot be read (permissions, I/O).
    case unreadableFile(String, reason: String)

    /// One sentence naming the path.
    public var description: String {
        switch self {
        case .noSuchInput(let path): "No such file or folder: '\(path)'."
        case .unreadableFile(let path, let reason): "Cannot read '\(path)': \(reason)"
        }
    }
}

/// The migration plan for a whole codebase: every use of Realm in the Swift and Objective-C (`.h`, `.m`, `.mm`)
/// files under some folders, what replaces it, how hard that is, what Carryover converts, and the steps in the
/// guide's order (with a Swift-facade step when Objective-C code uses Realm: SwiftData has no Objective-C API).
///
/// Files are found as `carryover realm models` finds them (recursively; `.build`, `Pods`, `Carthage`, `DerivedData`
/// and hidden folders skipped; `excludes` left out); only files that see Realm have findings (Swift files that
/// import `RealmSwift` or `Realm` or reach it through their module; Objective-C files that import Realm, name its
/// classes, or import a header that does).
/// Files are read and scanned concurrently; cancelling the task stops between files.
///
/// ```swift
/// let report = try await RealmUsageAudit(roots: [appFolder], excluding: [PathGlob("Generated/**")]).run()
/// print(report.totals.byCategory[.query] ?? 0, report.markdown())
/// ```
public struct RealmUsageAudit: Sendable, Hashable {
    /// Folders (or single files) to audit.
    public var roots: [URL]
    /// Paths to leave out, matched against paths relative to each root.
    public var excludes: [PathGlob]
    /// The options the app's models are (or will be) generated with (`carryover realm models`): converted queries
    /// and actor drafts use the names they give.
    public var modelOptions: CodegenOptions

    /// Describes an audit; nothing is read until ``run()``.
    public init(roots: [URL], excluding excludes: [PathGlob] = [], modelOptions: CodegenOptions = CodegenOptions()) {
        self.roots = roots
        self.excludes = excludes
        self.modelOptions = modelOptions
    }

    /// Reads and scans every file and assembles the report.
    /// - Throws: ``RealmAuditError`` for a missing root or an unreadable file; `CancellationError` when cancelled.
    public func run() async throws -> RealmAuditReport {
        let everyFile: [FoundSwiftFile]
        do {
            everyFile = try SwiftSourceFiles.find(
                roots, excluding: excludes, extensions: RealmModelParser.objectiveCExtensions.union(["swift"]))
        } catch .noSuchInput(let path) {
            throw RealmAuditError.noSuchInput(path)
        }
        let found = everyFile.filter { !RealmModelParser.isObjectiveC($0.url.path) }
        let objectiveCFound = everyFile.filter { RealmModelParser.isObjectiveC($0.url.path) }
        let texts = try await Self.mapConcurrently(found.count) { try Self.read(found[$0]) }
        let objectiveCTexts = try await Self.mapConcurrently(objectiveCFound.count) {
            try Self.read(objectiveCFound[$0])
        }
        let modules = ProjectLayout.find(in: roots, excluding: excludes).modules(
            of: found.map { $0.url.standardizedFileURL.path })
        let reach = try await ModuleReach.plan(texts: texts, modules: modules) { files, visible in
            let symbols = try await Self.mapConcurrently(files.count) { item in
                try Task.checkCancellation()
                let lexer = Lexer.tokenize(texts[files[item]])
                var parser = DeclarationParser(lexer: lexer)
                return FileSymbols(parser.parseFile(), realmVisible: visible[files[item]], lexer: lexer)
            }
            return Dictionary(uniqueKeysWithValues: zip(files, symbols))
        }
        let read = try await Self.mapConcurrently(found.count) { index in
            try Task.checkCancellation()
            let scan = RealmSourceScanner.scan(
                path: found[index].relativePath, text: texts[index], reach: reach.files[index],
                module: reach.moduleOfFile[index].map { reach.symbols[$0] })
            return (scan: scan, text: texts[index])
        }
        // The app's models, from the texts just read (Objective-C models too), for the conversions.
        let swiftSources = zip(found, read).map {
            RealmModelParser.SourceFile(path: $0.url.relativePath, text: $1.text)
        }
        // Only files that declare or implement a class can hold a model.
        let objectiveCSources = zip(objectiveCFound, objectiveCTexts).filter {
            $1.contains("@interface") || $1.contains("@implementation")
        }.map { RealmModelParser.SourceFile(path: $0.url.relativePath, text: $1) }
        let conversions = AuditConversions(
            sources: swiftSources, objectiveC: objectiveCSources, modules: modules, options: modelOptions)
        let scans = try await Self.mapConcurrently(read.count) { index in
            let (scan, text) = read[index]
            guard scan.importsRealm else { return scan }
            var converted = scan
            (converted.findings, converted.actorDrafts) = conversions.convert(
                scan.findings, source: text, path: found[index].relativePath, modelsPath: found[index].url.relativePath)
            return converted
        }
        let audited = scans.indices.filter { scans[$0].importsRealm }
        let realmFiles = audited.map { (found[$0], scans[$0]) }.map { file, scan in
            (root: rootPath(of: file), path: file.relativePath, scan: scan)
        }
        // A file that does not import Realm is reported only when it does use it.
        let files = zip(audited, Self.fileReports(realmFiles)).filter { index, file in
            reach.importsRealm[index] || !file.findings.isEmpty
        }
        let objectiveCFiles = try await auditObjectiveC(
            objectiveCFound, texts: objectiveCTexts, conversions: conversions)
        var report = RealmAuditReport(
            roots: roots.map(\.relativePath), swiftFiles: found.count, files: files.map(\.1) + objectiveCFiles)
        report.objectiveCFiles = objectiveCFound.isEmpty ? nil : objectiveCFound.count
        report.conversionProblem = conversions.catalogProblem
        return report
    }

    /// The root a file was found under, as given.
    private func rootPath(of file: FoundSwiftFile) -> String {
        roots.indices.contains(file.inputIndex) ? roots[file.inputIndex].relativePath : ""
    }

    /// The reports of the Objective-C files that see Realm and use it (or import it), their queries converted.
    private func auditObjectiveC(_ found: [FoundSwiftFile], texts: [String], conversions: AuditConversions)
        async throws -> [RealmAuditFileReport]
    {
        guard !found.isEmpty else { return [] }
        let summaries = try await Self.mapConcurrently(found.count) { index in
            try Task.checkCancellation()
            return ObjectiveCAudit.summary(texts[index])
        }
        let audit = ObjectiveCAudit(paths: found.map(\.relativePath), texts: texts, summaries: summaries)
        let results = try await Self.mapConcurrently(found.count) { index in
            try Task.checkCancellation()
            var result = audit.scan(index)
            (result.findings, _) = conversions.convert(
                result.findings, source: texts[index], path: found[index].relativePath,
                modelsPath: found[index].url.relativePath, draftingActors: false)
            return result
        }
        return zip(found, results).compactMap { file, result in
            guard result.seesRealm, result.importsRealm || !result.findings.isEmpty else { return nil }
            let findings = result.findings.sorted { ($0.line, $0.column, $0.api) < ($1.line, $1.column, $1.api) }
            return RealmAuditFileReport(
                root: rootPath(of: file), file: file.relativePath, findings: findings,
                counts: RealmAuditCounts(findings), diagnostics: result.diagnostics)
        }
    }

    /// Audits one file's text on its own (superclasses and its types' members resolved within it, as a module of
    /// one file): the hook of the fuzz tests and the libFuzzer target, and for a single in-memory file.
    /// An Objective-C path (`.h`, `.m`, `.mm`) is read as Objective-C.
    /// - Returns: The file's report, or `nil` when it does not import `RealmSwift` or `Realm`.
    package static func audit(source: String, path: String) -> RealmAuditFileReport? {
        if RealmModelParser.isObjectiveC(path) {
            let result = ObjectiveCAudit(paths: [path], texts: [source]).scan(0)
            guard result.seesRealm else { return nil }
            let findings = result.findings.sorted { ($0.line, $0.column, $0.api) < ($1.line, $1.column, $1.api) }
            return RealmAuditFileReport(
                root: "", file: path, findings: findings, counts: RealmAuditCounts(findings),
                diagnostics: result.diagnostics)
        }
        let lexer = Lexer.tokenize(source)
        var parser = DeclarationParser(lexer: lexer)
        let symbols = FileSymbols(
            parser.parseFile(), realmVisible: RealmSourceScanner.importsRealm(lexer.tokens), lexer: lexer)
        var scan = RealmSourceScanner.scan(
            path: path, text: source, module: ModuleSymbols(own: [symbols], imported: []))
        (scan.findings, scan.actorDrafts) = AuditConversions().convert(scan.findings, source: source, path: path)
        return scan.importsRealm ? fileReports([(root: "", path: path, scan: scan)]).first : nil
    }

    /// Reads one file's text.
    private static func read(_ file: FoundSwiftFile) throws -> String {
        try Task.checkCancellation()
        let data: Data
        do {
            data = try Data(contentsOf: file.url)
        } catch {
            throw RealmAuditError.unreadableFile(file.url.relativePath, reason: "\(error.localizedDescription)")
        }
        // Invalid UTF-8 is replaced, never refused: the scanner reads whatever the bytes say.
        return String(decoding: data, as: UTF8.self)
    }

    /// `body(0..<count)` on as many tasks as there are cores, results in index order; cancellation is checked
    /// between items.
    static func mapConcurrently<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) throws -> T)
        async throws -> [T]
    {
        var results = [T?](repeating: nil, count: count)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, count))
        try await withThrowingTaskGroup(of: (Int, T).self) { group in
            var next = 0
            func start() {
                guard next < count else { return }
                let index = next
                group.addTask { (index, try body(index)) }
                next += 1
            }
            for _ in 0..<workers { start() }
            while let (index, result) = try await group.next() {
                results[index] = result
                try Task.checkCancellation()
                start()
            }
        }
        return results.compactMap { $0 }
    }

    /// One report per Realm file: its direct findings and its model subclasses whose superclass is a model of any
    /// file.
    private static func fileReports(_ files: [(root: String, path: String, scan: FileScan)])
        -> [RealmAuditFileReport]
    {
        var models = Set(files.flatMap(\.scan.modelClasses))
        var accepted = Set<String>()
        var changed = true
        while changed {
            changed = false
            for (_, _, scan) in files {
                for candidate in scan.subclassCandidates
                where !models.contains(candidate.className) && models.contains(candidate.superclass ?? "") {
                    models.insert(candidate.className)
                    accepted.insert(candidate.className)
                    changed = true
                }
            }
        }
        return files.map { root, path, scan in
            var findings = scan.findings
            for candidate in scan.subclassCandidates where accepted.contains(candidate.className) {
                findings += candidate.findings
            }
            findings = findings.sorted {
                ($0.line, $0.column, $0.api) < ($1.line, $1.column, $1.api)
            }
            return RealmAuditFileReport(
                root: root, file: path, findings: findings, counts: RealmAuditCounts(findings),
                diagnostics: scan.diagnostics, actorDrafts: scan.actorDrafts)
        }
    }
}
