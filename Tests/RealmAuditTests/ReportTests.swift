import Foundation
import RealmAudit
import SwiftSourceSyntax
import Testing

/// What the report records beyond each finding's position: query expressions, enclosing types, inference, counts,
/// the plan, and its renderings.
@Suite struct ReportTests {
    static func source(_ file: String) throws -> [UInt8] {
        Array(try Data(contentsOf: AuditInputs.folder.appendingPathComponent(file)))
    }

    @Test func aQueryFindingRecordsTheWholeChainAndItsByteRange() async throws {
        let report = try await AuditInputs.report()
        let chain = try #require(
            report.findings.first { $0.file == "Queries.swift" && $0.query?.steps.count == 4 }?.query)
        let expected = #"realm.objects(Dog.self).filter("age > %@", min).sorted(byKeyPath: "name").first"#
        #expect(chain.expression.text == expected)
        #expect(chain.steps == ["objects(_:)", "filter(_:_:)", "sorted(byKeyPath:)", "first"])
        let bytes = try Self.source("Queries.swift")
        let slice = bytes[chain.expression.startOffset..<chain.expression.endOffset]
        #expect(String(decoding: slice, as: UTF8.self) == expected)
        // A Swift closure filter after the query is not part of it.
        let swiftSide = try #require(report.findings.first { $0.sourceLine.hasPrefix("let swiftSide") }?.query)
        #expect(swiftSide.steps == ["objects(_:)", "where(_:)", "sorted(byKeyPath:)"])
        #expect(swiftSide.expression.text.hasSuffix(#".sorted(byKeyPath: "name")"#))
        // Every query finding has its expression, and it contains the finding's API name.
        for finding in report.findings where finding.category == .query && finding.api != "Results" {
            let query = try #require(finding.query, "\(finding.file):\(finding.line)")
            #expect(query.expression.text.contains(query.steps.first?.prefix { $0 != "(" } ?? "?"))
        }
    }

    @Test func aThreadingFindingRecordsItsEnclosingTypeAndWritesThereGoToTheActorDraft() async throws {
        let report = try await AuditInputs.report()
        let threading = report.findings.filter { $0.file == "Threading.swift" && $0.category == .threading }
        #expect(threading.count == 10)
        let type = try #require(threading.first?.enclosingType)
        #expect(threading.allSatisfy { $0.enclosingType == type })
        #expect(type.name == "RealmDataManager" && type.kind == "class" && type.line == 4)
        let bytes = try Self.source("Threading.swift")
        let declaration = String(decoding: bytes[type.range.startOffset..<type.range.endOffset], as: UTF8.self)
        #expect(declaration.hasPrefix("class RealmDataManager {"))
        #expect(declaration.hasSuffix("}"))
        let rest = String(decoding: bytes[type.range.endOffset...], as: UTF8.self)
        #expect(rest.hasPrefix("\n\nfinal class MainQueueReader"))
        let writes = report.findings.filter { $0.file == "Threading.swift" && $0.category == .write }
        #expect(writes.count == 2 && writes.allSatisfy { $0.convertedBy == .actorDraft })
        // The same writes outside such a type are left by hand.
        #expect(report.findings.filter { $0.file == "Writes.swift" }.allSatisfy { $0.convertedBy == .byHand })
    }

    /// The migration block and the migration API it calls are carried into the generated RealmSchemaUpgrade.swift
    /// (issue 32), so the audit no longer tells the team to keep the Realm SDK to run them.
    @Test func theMigrationBlockIsCarriedNotLeftToRealm() async throws {
        let report = try await AuditInputs.report()
        let carried: Set<String> = [
            "migrationBlock", "enumerateObjects(ofType:_:)", "deleteData(forType:)",
            "Migration.create(_:value:) / delete(_:)",
        ]
        let findings = report.findings.filter { carried.contains($0.api) }
        #expect(Set(findings.map(\.api)) == carried)
        #expect(findings.allSatisfy { $0.convertedBy == .carriedSchemaUpgrade && $0.effort == .moderate })
        let dataMigration = try #require(report.plan.first { $0.phase == .dataMigration })
        #expect(dataMigration.carryover.contains("RealmSchemaUpgrade.swift"))
        #expect(!dataMigration.carryover.contains("Migration blocks stay Realm's"))
    }

    @Test func guessedReceiversSaySoAndDeclaredOnesDoNot() async throws {
        let report = try await AuditInputs.report()
        let write = try #require(report.findings.first { $0.file == "Writes.swift" && $0.api == "write(_:)" })
        #expect(write.inference == nil)  // `in realm: Realm`
        let config = try #require(report.findings.first { $0.file == "Sync.swift" && $0.api == "objectTypes" })
        #expect(config.inference == nil)  // `var config = user.flexibleSyncConfiguration()`
        let migration = try #require(report.findings.first { $0.api == "enumerateObjects(ofType:_:)" })
        #expect(migration.inference == "receiver inferred from its name 'migration'")  // a closure parameter
        let threading = try #require(
            report.findings.first { $0.file == "Threading.swift" && $0.api == "write(_:)" })
        #expect(threading.inference == nil)  // `let realm = try! Realm(…)`
        // `reader.read(request: AllDogs())`: the closure's `reader` and the request's `Reply` are declared.
        let observe = try #require(report.findings.first { $0.file == "Recall.swift" && $0.api == "observe(_:)" })
        #expect(observe.inference == nil)
    }

    @Test func lookAlikesAndFilesWithoutARealmImportGiveNothing() async throws {
        let report = try await AuditInputs.report()
        let lookAlikes = try #require(report.files.first { $0.file == "LookAlikes.swift" })
        #expect(lookAlikes.findings.isEmpty)
        #expect(!report.files.contains { $0.file == "NotRealm.swift" })
        #expect(report.swiftFiles == 13 && report.files.count == 12)
    }

    @Test func totalsAndPlanAddUpAndFollowTheGuidesPhases() async throws {
        let report = try await AuditInputs.report()
        #expect(report.totals.total == report.files.map(\.counts.total).reduce(0, +))
        #expect(report.totals.total == report.findings.count)
        for category in RealmAuditCategory.allCases {
            #expect(
                report.totals.byCategory[category]
                    == report.files.map { $0.counts.byCategory[category] ?? 0 }.reduce(0, +))
        }
        // A Swift-only codebase has no Objective-C facade step.
        #expect(report.plan.map(\.phase) == RealmMigrationPhase.allCases.filter { $0 != .objectiveCFacade })
        #expect(
            report.plan.map(\.phase.rawValue) == [
                "models", "data-migration", "queries-and-writes", "threading", "observation-and-swiftui", "sync",
                "removing-realm",
            ])
        #expect(report.plan.map(\.counts.total).reduce(0, +) == report.totals.total)
        let threading = try #require(report.plan.first { $0.phase == .threading })
        #expect(threading.findings.count == report.totals.byCategory[.threading])
        #expect(report.plan.last?.files == report.files.map(\.file))
        let sync = try #require(report.plan.first { $0.phase == .sync })
        #expect(sync.carryover.contains("--cloudkit") && sync.carryover.contains("subscriptions"))
    }

    @Test func jsonRoundTripsAndBothRenderingsAreStable() async throws {
        let first = try await AuditInputs.report()
        let second = try await AuditInputs.report()
        #expect(first.json() == second.json())
        #expect(first.markdown() == second.markdown())
        let decoded = try JSONDecoder().decode(RealmAuditReport.self, from: Data(first.json().utf8))
        #expect(decoded == first)
        let json = first.json()
        #expect(json.contains(#""category" : "schema-migration""#))
        #expect(json.contains(#""convertedBy" : "query conversion""#))
        let markdown = first.markdown()
        // The plan's seven steps, numbered; the converted queries and drafts have headings of their own after them.
        let steps = markdown.split(separator: "\n").filter {
            $0.hasPrefix("### ") && $0.dropFirst(4).first?.isNumber == true
        }
        #expect(steps.count == 7 && steps.first?.hasPrefix("### 1. Models") == true)
        let opens = try AuditInputs.expectations().filter { $0.category == "realm-open" }.count
        #expect(opens == 8 && markdown.contains("| realm-open | \(opens) | \(opens) | 0 | 0 |"))
    }

    @Test func excludedFilesAreLeftOutAndAMissingRootThrows() async throws {
        let report = try await RealmUsageAudit(roots: [AuditInputs.folder], excluding: [PathGlob("Sync.swift")]).run()
        #expect(!report.files.contains { $0.file == "Sync.swift" })
        let missing = AuditInputs.folder.appendingPathComponent("Missing")
        await #expect(throws: RealmAuditError.noSuchInput(missing.path)) {
            try await RealmUsageAudit(roots: [missing]).run()
        }
    }

    @Test func aCancelledAuditStops() async throws {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await AuditInputs.report()
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
