import Foundation
import RealmAudit
import Testing

/// Names a file uses but does not declare are typed by its module's declarations (another file's, an extension's,
/// a superclass's, the imported framework's), and a file that imports no Realm but gets Realm values from its
/// framework's API is audited for what it does with them.
@Suite struct ModuleReachTests {
    static let project = AuditInputs.folder.deletingLastPathComponent().appendingPathComponent("Projects/Notes")

    @Test func everyFindingAcrossTheModulesIsExpectedAndEveryExpectationFound() async throws {
        let expected = try AuditInputs.expectations(in: Self.project)
        let report = try await RealmUsageAudit(roots: [Self.project]).run()
        let actual = AuditInputs.actual(report)
        #expect(expected.subtracting(actual).sorted(by: { $0.description < $1.description }) == [])
        #expect(actual.subtracting(expected).sorted(by: { $0.description < $1.description }) == [])
        // Files that import no Realm and do nothing with it are not part of the report, whether their module uses
        // Realm (`App`'s settings: a `Timer` token, `Data.write`, KVO) or not (`Tools`).
        #expect(Set(report.files.map(\.file)) == Set(expected.map(\.file)))
        #expect(!report.files.contains { $0.file.hasSuffix("Settings.swift") || $0.file.hasSuffix("Tool.swift") })
    }

    @Test func receiversTypedByAnotherModuleAreSaidToBeDeclaredAndTheirQueriesConverted() async throws {
        let report = try await RealmUsageAudit(roots: [Self.project]).run()
        let screen = try #require(report.files.first { $0.file == "Sources/App/NotesScreen.swift" })
        #expect(screen.findings.allSatisfy { $0.inference == nil })
        let query = try #require(screen.findings.first { $0.query?.steps.contains("filter(_:)") == true })
        #expect(query.convertedQuery?.outcome == .converted, "\(String(describing: query.convertedQuery))")
        // `results` is declared `Results<Note>?` in the class's other file: the query's class comes from there.
        let observation = try #require(report.files.first { $0.file == "Sources/Storage/NotesList+Observation.swift" })
        let filter = try #require(observation.findings.first { $0.api == "filter(_:)" })
        #expect(filter.query?.elementClass == "Note")
        #expect(filter.convertedQuery?.outcome == .converted)
        // A closure's `realm` parameter is typed by `NoteStore.perform(_:)`, declared in the framework.
        let archive = try #require(report.files.first { $0.file == "Sources/App/Archive.swift" })
        #expect(archive.findings.map(\.api) == ["write(_:)", "delete(_:)"])
        #expect(archive.findings.allSatisfy { $0.inference == nil })
    }

    @Test func closureParametersAndGenericResultsAreTypedByTheFunctionsThatDeclareThem() async throws {
        let report = try await RealmUsageAudit(roots: [Self.project]).run()
        // `session` is what `Vault.open(on:with:)` passes; `run(query:)` gives `Query.Answer`, the query type's
        // typealias: `Results<Note>`. `$0` in a trailing closure, and a query held in a local, the same.
        let shelf = try #require(report.files.first { $0.file == "Sources/App/Shelf.swift" })
        #expect(shelf.findings.map(\.api) == ["observe(_:)", "freeze()", "filter(_:)"])
        #expect(shelf.findings.allSatisfy { $0.inference == nil })
        let filter = try #require(shelf.findings.first { $0.api == "filter(_:)" })
        #expect(filter.query?.elementClass == "Note")
        #expect(filter.convertedQuery?.outcome == .converted, "\(String(describing: filter.convertedQuery))")
        // `{ realm in realm.write { } }` with `inspect` declaring a `Ledger`: not a Realm, whatever its name.
        #expect(!shelf.findings.contains { $0.api == "write(_:)" })
    }

    @Test func aQueryHeldInALocalOfAFileImportingNoRealmKeepsItsClass() async throws {
        let report = try await RealmUsageAudit(roots: [Self.project]).run()
        let cleanup = try #require(report.files.first { $0.file == "Sources/App/Cleanup.swift" })
        // `done` and `doomed` hold queries on Realm values (`Current.realm()`, a closure's `writableRealm`): each
        // element of their `map` is a `Note`. `listed`, from the app's own `Catalogue`, is not Realm's.
        #expect(cleanup.findings.filter { $0.api == "freeze()" }.map(\.line) == [9, 18])
        #expect(!cleanup.findings.contains { $0.api == "observe(_:)" })
    }

    @Test func namesBoundByATuplePatternOrALoopAreTypedByWhatBindsThem() async throws {
        let report = try await RealmUsageAudit(roots: [Self.project]).run()
        let review = try #require(report.files.first { $0.file == "Sources/App/Review.swift" })
        // `newest` is the tuple's second `Note`, not the `String` parameter of that name around the closure.
        let filter = try #require(review.findings.first { $0.api == "filter(_:)" })
        #expect(filter.query?.listProperty == "Note.tags")
        // `tag` is an element of `note.tags` sorted, `note` one of `OpenNotes`' results.
        let sorted = try #require(review.findings.first { $0.api == "sorted(byKeyPath:ascending:)" })
        #expect(sorted.query?.listProperty == "Note.tags")
        #expect(review.findings.contains { $0.api == "isFrozen" && $0.inference == nil })
    }

    @Test func aClosureParameterOfAnotherPackageIsRecognisedByTheCallShape() async throws {
        let report = try await RealmUsageAudit(roots: [Self.project]).run()
        let drafts = try #require(report.files.first { $0.file == "Sources/App/Drafts.swift" })
        // Each finding says how its receiver was recognised, and its chain's class is the model the call names.
        let queries = drafts.findings.filter { $0.category == .query }
        #expect(queries.count == 3)
        for finding in drafts.findings {
            #expect(finding.inference?.hasPrefix("receiver recognised by the call shape: ") == true)
        }
        #expect(queries.allSatisfy { $0.query?.elementClass == "Note" })
        let started = try #require(queries.first)
        #expect(
            started.inference
                == "receiver recognised by the call shape: 'lazyNotes' is the closure parameter of "
                + "fetchResults(ofType: Note.self), and its filter(_:) takes a predicate format")
        #expect(started.convertedQuery?.outcome == .converted, "\(String(describing: started.convertedQuery))")
        // The chain starts at `filter(pending)`: its `sorted(byKeyPath:)` is the evidence.
        #expect(queries[1].query?.steps == ["filter(_:)", "sorted(byKeyPath:)", "first"])
    }

    @Test func withoutItsFrameworkAFileImportingNoRealmHasNothing() async throws {
        // The app's folder alone: no module of the audit uses Realm, so its files are not Realm's.
        let report = try await RealmUsageAudit(roots: [Self.project.appendingPathComponent("Sources/App")]).run()
        #expect(report.swiftFiles == 7)
        #expect(report.files.isEmpty)
    }
}
