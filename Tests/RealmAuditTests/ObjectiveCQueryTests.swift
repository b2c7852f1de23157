import Foundation
import RealmAudit
import Testing

/// Objective-C query chains: one finding per chain at its first step, the whole bracketed expression recorded, the
/// chain written in RealmSwift (`swiftEquivalent`) and converted against the models read from the `.h` files.
@Suite struct ObjectiveCQueryTests {
    static func query(line: Int, file: String = "Kennel/KennelStore.m") async throws -> RealmAuditFinding {
        let report = try await RealmUsageAudit(roots: [ObjectiveCFindingTests.folder]).run()
        return try #require(report.findings.first { $0.file == file && $0.line == line && $0.query != nil })
    }

    @Test func aNestedChainIsOneFindingFromItsOutermostBracket() async throws {
        let finding = try await Self.query(line: 53)
        let query = try #require(finding.query)
        #expect(
            query.expression.text
                == #"[[Dog objectsWhere:@"name BEGINSWITH %@", @"R"] sortedResultsUsingKeyPath:@"age" ascending:NO].firstObject"#
        )
        #expect(query.steps == ["objects(_:)", "filter(_:_:)", "sorted(byKeyPath:ascending:)", "first"])
        #expect(
            query.swiftEquivalent
                == #"realm.objects(Dog.self).filter("name BEGINSWITH %@", "R").sorted(byKeyPath: "age", ascending: false).first"#
        )
        #expect(finding.effort == .moderate)
        #expect(finding.convertedBy == .queryConversion)
        let code = try #require(finding.convertedQuery?.code)
        #expect(code.contains("#Predicate<Dog>") && code.contains("SortDescriptor(\\Dog.age, order: .reverse)"))
    }

    @Test func aPredicateWithFormatAndCLengthModifiersConvert() async throws {
        let predicate = try await Self.query(line: 55)
        #expect(predicate.query?.swiftEquivalent == #"realm.objects(Dog.self).filter("name == %@", first.name).count"#)
        #expect(predicate.convertedQuery?.outcome == .converted)
        let modified = try await Self.query(line: 59)
        // `%ld` → `%d`; a cast argument has no Swift spelling: a placeholder to pass in its place.
        #expect(modified.query?.swiftEquivalent == #"old.filter("age < %d", argument1)"#)
        #expect(modified.query?.elementClass == "Dog")
        #expect(modified.convertedQuery?.outcome == .converted)
    }

    @Test func aChainOnAClassNamedByStringAndAPrimaryKeyLookupConvert() async throws {
        let named = try await Self.query(line: 10, file: "Mixed/NoteList.m")
        #expect(named.query?.swiftEquivalent == #"realm.objects(Note.self).filter("text CONTAINS %@", "todo")"#)
        #expect(named.convertedQuery?.outcome == .converted)
        let key = try await Self.query(line: 57)
        #expect(key.query?.swiftEquivalent == #"realm.object(ofType: Dog.self, forPrimaryKey: "1")"#)
        #expect(key.convertedQuery?.outcome == .converted)
    }

    @Test func sortDescriptorsOnAVariableInitialisedByAQueryConvert() async throws {
        // `RLMResults *young = [old objectsWhere:…]` with `RLMResults<Dog *> *old`: young holds Dogs.
        let sorted = try await Self.query(line: 61)
        #expect(sorted.query?.elementClass == "Dog")
        #expect(
            sorted.query?.swiftEquivalent == #"young.sorted(by: [SortDescriptor(keyPath: "name", ascending: true)])"#)
        #expect(sorted.convertedQuery?.code?.contains("SortDescriptor(\\Dog.name)") == true)
    }

    @Test func aChainWhoseClassIsUnknownIsLeftByHandWithItsReason() async throws {
        let untyped = try await Self.query(line: 10, file: "Kennel/Untyped.m")
        #expect(untyped.convertedBy == .byHand)
        #expect(untyped.convertedQuery?.problems.map(\.message) == ["the queried class is unknown"])
    }
}
