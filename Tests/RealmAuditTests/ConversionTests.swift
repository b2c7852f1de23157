import Foundation
import RealmAudit
import RealmQueryConversion
import SwiftDataCodegen
import SwiftDataConversion
import SwiftDataStandIn
import Testing

/// What the audit converts, not just names: each query against the app's generated models, each background Realm
/// type as a `@ModelActor` draft — checked on a small app of our own (`ConversionInputs/`), and compiled.
@Suite struct ConversionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("ConversionInputs")
    /// The options the app generates its models with: `RealmSong` → `Song`, as `realm models --strip-prefix Realm`.
    static let options = CodegenOptions(stripPrefix: "Realm")

    static func report(_ roots: [URL] = [folder]) async throws -> RealmAuditReport {
        try await RealmUsageAudit(roots: roots, modelOptions: options).run()
    }

    @Test func eachQueryIsConvertedAgainstTheGeneratedModelsAndTheirNames() async throws {
        let report = try await Self.report()
        #expect(report.conversionProblem == nil)
        let queries = report.findings.filter { $0.query != nil }
        #expect(queries.count == 10)
        #expect(queries.allSatisfy { $0.convertedQuery != nil })
        let refused = queries.filter { $0.convertedQuery?.outcome != .converted }
        // ENDSWITH has no #Predicate form; the rest convert.
        #expect(refused.map(\.line) == [16])
        #expect(refused.allSatisfy { $0.convertedBy == .byHand })
        #expect(refused.first?.convertedQuery?.problems.first?.message.contains("ENDSWITH") == true)
        #expect(queries.filter { !refused.contains($0) }.allSatisfy { $0.convertedBy == .queryConversion })
        let code = queries.compactMap(\.convertedQuery?.code).joined(separator: "\n")
        // Renamed classes and the renamed `isDeleted` property, as the generated models have them.
        #expect(code.contains("FetchDescriptor<Song>") && code.contains("FetchDescriptor<Artist>"))
        #expect(!code.contains("RealmSong") && code.contains("isDeletedValue == false"))
        // Chains from variables know their class from the variable's declaration in the file.
        let fromVariables = queries.filter { !($0.query?.expression.text.hasPrefix("realm.") ?? true) }
        #expect(fromVariables.map { $0.query?.elementClass } == ["RealmArtist", "RealmSong"])
        #expect(fromVariables.allSatisfy { $0.convertedQuery?.outcome == .converted })
        // A primary-key lookup in an `if let` condition ends before the `if`'s body.
        let lookup = try #require(queries.first { $0.file == "SyncService.swift" })
        #expect(lookup.query?.expression.text == "realm.object(ofType: RealmArtist.self, forPrimaryKey: id)")
        #expect(lookup.convertedQuery?.code?.contains("artist.id == id2") == true)
    }

    @Test func aBackgroundRealmTypeGetsADraftAndItsWritesAreMarkedAsConvertedByIt() async throws {
        let report = try await Self.report()
        let service = try #require(report.files.first { $0.file == "SyncService.swift" })
        #expect(service.actorDrafts.map(\.actorName) == ["SyncServiceStore"])
        #expect(service.actorDrafts.first?.operations.map(\.original) == ["importSongs(_:)", "purgeArtist(id:)"])
        let writes = service.findings.filter { $0.category == .write }
        #expect(!writes.isEmpty && writes.allSatisfy { $0.convertedBy == .actorDraft })
        let screen = try #require(report.files.first { $0.file == "LibraryScreen.swift" })
        #expect(screen.actorDrafts.isEmpty)
        #expect(!screen.findings.contains { $0.convertedBy == .actorDraft })
        let markdown = report.markdown()
        #expect(markdown.contains("## Converted queries") && markdown.contains("## @ModelActor drafts"))
        #expect(markdown.contains("@ModelActor\nactor SyncServiceStore"))
    }

    @Test func everyConvertedQueryAndEveryDraftTypeChecksWithTheGeneratedModels() async throws {
        let report = try await Self.report()
        var files: [String: String] = [:]
        for file in try ModelConversion(inputs: [Self.folder], options: Self.options).run().files where file.isCompiled
        {
            files[file.name] = file.contents
        }
        var functions = "import Foundation\nimport SwiftData\n"
        var converted = 0
        for (index, finding) in report.findings.enumerated() {
            guard let conversion = finding.convertedQuery, conversion.outcome == .converted, let code = conversion.code
            else { continue }
            // `id` is the one variable the app's queries capture (SyncService's primary-key lookup).
            functions += "\nfunc query\(index)(context: ModelContext, id: String) throws {\n"
            functions += code.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n"
            functions += "    _ = \(conversion.resultName)\n}\n"
            converted += 1
        }
        #expect(converted == 9)
        files["Queries.swift"] = functions
        let drafts = report.files.flatMap(\.actorDrafts)
        #expect(drafts.count == 1)
        for (index, draft) in drafts.enumerated() { files["Draft\(index).swift"] = draft.source }
        let outcome = try GeneratedCodeCompiler.typecheck(files)
        #expect(outcome.succeeded, "\(outcome.output)\n\(functions)")
        #expect(!outcome.output.contains("warning:"), "\(outcome.output)")
    }

    /// The forms of `Inputs/Recall.swift`: a query on `self.results?`, on a model's list property, with no
    /// receiver inside `extension Realm`, inside a string interpolation. Each is found with its class; those reported
    /// converted type-check with the models generated from the same folder; the list query says why it is not.
    @Test func receiversAcrossTheProjectAndInsideInterpolationsAreConvertedAndTypeCheck() async throws {
        let report = try await RealmUsageAudit(roots: [AuditInputs.folder]).run()
        let recall = try #require(report.files.first { $0.file == "Recall.swift" })
        let queries = recall.findings.filter { $0.query != nil }
        let byLine = Dictionary(queries.map { ($0.line, $0) }, uniquingKeysWith: { first, _ in first })
        let list = try #require(queries.first { $0.query?.listProperty != nil })
        #expect(list.query?.listProperty == "Person.dogs")
        #expect(list.convertedQuery?.outcome == .notConvertible && list.convertedBy == .byHand)
        #expect(
            list.convertedQuery?.problems.map(\.message) == [
                "the query runs on the list Person.dogs, not on every Dog: a FetchDescriptor cannot be limited to one "
                    + "model's relationship"
            ])
        #expect(list.convertedQuery?.predicate?.hasPrefix("#Predicate<Dog>") == true)
        let viaSelf = try #require(queries.first { $0.query?.expression.text.hasPrefix("self.results") == true })
        #expect(viaSelf.query?.elementClass == "Dog" && viaSelf.convertedQuery?.outcome == .converted)
        let implicit = try #require(queries.first { $0.query?.expression.text.hasPrefix("objects(Dog.self)") == true })
        #expect(implicit.query?.elementClass == "Dog" && implicit.convertedQuery?.outcome == .converted)
        let interpolated = try #require(byLine.values.first { $0.sourceLine.hasPrefix("\"\\(realm.objects") })
        #expect(interpolated.convertedQuery?.execution == .count)
        var files: [String: String] = [:]
        for file in try ModelConversion(inputs: [AuditInputs.folder]).run().files where file.isCompiled {
            files[file.name] = file.contents
        }
        var functions = "import Foundation\nimport SwiftData\n"
        let converted = queries.filter { $0.convertedQuery?.outcome == .converted }
        // Five, the query beside an `if let realm` binding (`Kennels.oldest`), the filter of what the app's
        // generic request wrapper gives (`Pound.watch`), and the two `objects(Person.self)` of `youngDogs(realm:)`.
        #expect(converted.count == 9)
        // A stored member used in an extension of its type (same file) keeps its class.
        let inExtension = try #require(queries.first { $0.query?.expression.text.hasPrefix("results?.filter") == true })
        #expect(inExtension.query?.elementClass == "Dog")
        for (index, finding) in converted.enumerated() {
            guard let conversion = finding.convertedQuery, let code = conversion.code else { continue }
            functions += "\nfunc query\(index)(context: ModelContext) throws {\n"
            functions += code.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n"
            functions += "    _ = \(conversion.resultName)\n}\n"
        }
        files["Queries.swift"] = functions
        let outcome = try GeneratedCodeCompiler.typecheck(files)
        #expect(outcome.succeeded, "\(outcome.output)\n\(functions)")
    }

    /// Every actor draft of the audit's inputs (`Inputs/`, real apps' patterns among them: a method taking a Realm
    /// whose body prints its configuration) type-checks with the models generated from the same folder; what the
    /// drafts cannot re-express is a skeleton.
    @Test func everyDraftOfTheAuditInputsTypeChecks() async throws {
        let report = try await RealmUsageAudit(roots: [AuditInputs.folder]).run()
        var files: [String: String] = [:]
        for file in try ModelConversion(inputs: [AuditInputs.folder]).run().files where file.isCompiled {
            files[file.name] = file.contents
        }
        let drafts = report.files.flatMap(\.actorDrafts)
        #expect(drafts.count == 4)
        for draft in drafts { files["\(draft.actorName).swift"] = draft.source }
        let locate = drafts.flatMap(\.operations).first { $0.original == "locate(_:)" }
        #expect(locate?.outcome == .skeleton)
        let outcome = try GeneratedCodeCompiler.typecheck(files)
        #expect(outcome.succeeded, "\(outcome.output)")
        #expect(!outcome.output.contains("warning:"), "\(outcome.output)")
    }

    @Test func withoutModelsNothingIsConvertedAndTheReportSaysWhy() async throws {
        let report = try await Self.report([Self.folder.appendingPathComponent("LibraryScreen.swift")])
        #expect(report.conversionProblem?.contains("no models") == true)
        let queries = report.findings.filter { $0.query != nil }
        #expect(!queries.isEmpty)
        #expect(queries.allSatisfy { $0.convertedQuery == nil && $0.convertedBy == .byHand })
        #expect(report.markdown().contains("queries and actor drafts are not converted"))
    }
}

/// The audit of a project with several targets converts each target's queries against the models its code sees: the
/// widget's `CoinTicker` is the model named apart for it.
@Suite struct MultiTargetConversionTests {
    static let project = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("RealmModels/Projects/MultiTarget")

    @Test func aWidgetsQueryIsConvertedAgainstTheWidgetsModel() async throws {
        let report = try await RealmUsageAudit(roots: [Self.project]).run()
        let provider = try #require(report.files.first { $0.file == "TickerWidget/Provider.swift" })
        let query = try #require(provider.findings.first { $0.query != nil })
        #expect(query.convertedQuery?.outcome == .converted)
        let code = try #require(query.convertedQuery?.code)
        #expect(code.contains("FetchDescriptor<TickerWidgetCoinTicker>"), "\(code)")
        #expect(code.contains("isFavorite == true"), "\(code)")
    }
}

/// A framework's `@_exported import RealmSwift` makes its files, and those of the targets that import it, use Realm
/// without importing it: the audit reads them too.
@Suite struct ReexportedRealmTests {
    static let package = MultiTargetConversionTests.project.deletingLastPathComponent()
        .appendingPathComponent("PackageModules")

    @Test func aFileThatSeesRealmThroughAReexportIsAudited() async throws {
        let report = try await RealmUsageAudit(roots: [Self.package]).run()
        let store = try #require(report.files.first { $0.file == "Sources/Feature/FavoritesStore.swift" })
        #expect(store.findings.map(\.category).contains(.realmOpen))
        #expect(store.findings.map(\.category).contains(.query))
        // `Feature`'s view model file sees Realm too, but uses none of it: not a file of the report. `Sync` imports
        // RealmSwift itself and is audited as before.
        #expect(!report.files.contains { $0.file == "Sources/Feature/AccountRow.swift" })
        #expect(report.files.contains { $0.file == "Sources/Sync/Account.swift" })
    }
}
