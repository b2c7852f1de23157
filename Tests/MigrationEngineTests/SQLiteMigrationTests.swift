import Foundation
import MigrationEngine
import SQLiteSink
import TestSupport
import Testing

@Suite struct SQLiteMigrationTests {
    private func migrate(_ source: SyntheticSource, to path: String, batchSize: Int = 9) throws -> MigrationOutcome {
        try Migrator(source: source, sink: try SQLiteSink(path: path), batchSize: batchSize).run()
    }

    @Test func copiesEveryObjectVerifiesAndKeepsForeignKeysIntact() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("out.sqlite").path
        let source = SyntheticSource(seed: 11)
        let sink = try SQLiteSink(path: path)
        _ = try Migrator(source: source, sink: sink, batchSize: 9).run()
        let report = try Verifier(source: source, destination: sink).verify(level: .full)
        #expect(report.passed, "\(report.problems)")
        #expect(report.classes.allSatisfy { $0.objectsDiffering == 0 && $0.objectsCompared == $0.sourceCount })
        for cls in SyntheticSource.schema.classes {
            #expect(
                contentEncoding(try drain(sink.records(of: cls)))
                    == contentEncoding(source.recordsByClass[cls.name] ?? []))
        }
        #expect(try queryRows(path, "PRAGMA foreign_key_check").isEmpty)
        #expect(try queryRows(path, "PRAGMA journal_mode") == [["wal"]])
        #expect(try queryRows(path, "SELECT phase, class_name FROM _carryover_checkpoint") == [["2", "Track"]])
    }

    @Test func valuesAreStoredInTheDocumentedColumns() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("out.sqlite").path
        let source = SyntheticSource(seed: 12)
        _ = try migrate(source, to: path)
        // Artist 1: NaN rating as a BLOB of its bits; date as seconds + nanoseconds; name with a NUL byte intact.
        #expect(
            try queryRows(
                path, "SELECT rating, born, born__ns, length(CAST(name AS BLOB)) FROM Artist WHERE _key = 999996")
                == [["x'7ff8000000000000'", "-86401", "-999999999", "16"]])
        // Artist 2: negative zero keeps its sign as a BLOB.
        #expect(try queryRows(path, "SELECT rating FROM Artist WHERE _key = 1999999") == [["x'8000000000000000'"]])
        let album = try #require(source.recordsByClass["Album"]?.first)
        guard case .decimal128(let low, let high) = album.values[6], case .uuid(let uuid) = album.values[8] else {
            Issue.record("unexpected synthetic album \(album)")
            return
        }
        let decimalHex =
            (0..<8).map { String(format: "%02x", UInt8(truncatingIfNeeded: low >> (8 * UInt64($0)))) }.joined()
            + (0..<8).map { String(format: "%02x", UInt8(truncatingIfNeeded: high >> (8 * UInt64($0)))) }.joined()
        let uuidHex = withUnsafeBytes(of: uuid.uuid) { $0.map { String(format: "%02x", $0) }.joined() }
        #expect(
            try queryRows(path, "SELECT price, uuid, anything__type FROM Album WHERE _key = 1")
                == [["x'\(decimalHex)'", "x'\(uuidHex)'", "link:Track"]])
        let trackKeys = album.values[3]
        guard case .list(let links) = trackKeys else { return }
        let expected = links.enumerated().map {
            ["\($0.offset)", { if case .link(let r) = $0.element { "\(r.key)" } else { "?" } }($0)]
        }
        #expect(
            try queryRows(path, "SELECT position, value FROM Album__tracks WHERE owner = 1 ORDER BY position")
                == expected)
        #expect(
            try queryRows(path, "SELECT key, value__type FROM Artist__extra WHERE owner = 999996 ORDER BY position")
                == [["plays", "int"], ["nested", "list"], ["none", "NULL"]])
    }

    @Test func crashedRunsResumeToTheSameDatabase() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let referencePath = directory.appending("reference.sqlite").path
        _ = try migrate(SyntheticSource(seed: 13), to: referencePath)
        let reference = try SQLiteSink(path: referencePath)
        var random = SeededRandomNumberGenerator(seed: 99)
        for run in 0..<8 {
            let path = directory.appending("crash-\(run).sqlite").path
            let source = SyntheticSource(seed: 13)
            var crashes = 0
            while true {
                source.crashAtRead = source.reads + 1 + Int(random.next() % 90)
                do {
                    _ = try migrate(source, to: path)
                    break
                } catch is SimulatedCrash {
                    crashes += 1
                }
            }
            source.crashAtRead = nil
            #expect(crashes > 0)
            let sink = try SQLiteSink(path: path)
            _ = try Migrator(source: source, sink: sink).run()
            for cls in SyntheticSource.schema.classes {
                #expect(
                    contentEncoding(try drain(sink.records(of: cls)))
                        == contentEncoding(try drain(reference.records(of: cls))))
            }
            #expect(try Verifier(source: source, destination: sink).verify(level: .full).passed)
        }
    }

    @Test func waitsForAnotherConnectionsLockInsteadOfFailing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("out.sqlite").path
        // Without a busy timeout the sink's first transaction fails at once with SQLITE_BUSY.
        try holdWriteLock(path, for: 0.3)
        let outcome = try migrate(SyntheticSource(seed: 18), to: path)
        #expect(outcome.checkpoint.phase == .finished)
    }

    @Test func rerunOnAFinishedDatabaseChangesNoByte() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.appending("out.sqlite")
        _ = try migrate(SyntheticSource(seed: 14), to: url.path)
        let before = try fileHash(url)
        let outcome = try migrate(SyntheticSource(seed: 14), to: url.path)
        #expect(outcome.wasAlreadyComplete && outcome.objectsWritten == 0)
        #expect(try fileHash(url) == before)
    }

    @Test func databaseFromAnotherSourceOrAppIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("out.sqlite").path
        let first = SyntheticSource(seed: 15)
        first.crashAtRead = 40
        #expect(throws: SimulatedCrash.self) { _ = try migrate(first, to: path) }
        #expect(
            throws: MigrationError.destinationFromAnotherSource(
                expected: "synthetic-16-120-12-5", found: "synthetic-15-120-12-5")
        ) {
            _ = try migrate(SyntheticSource(seed: 16), to: path)
        }
        let foreign = directory.appending("foreign.sqlite").path
        try executeSQL(foreign, "CREATE TABLE notes (body TEXT)")
        #expect(throws: MigrationError.destinationNotEmpty("it already holds 'notes'")) {
            _ = try migrate(SyntheticSource(seed: 15), to: foreign)
        }
    }

    @Test func verificationCatchesEditsMadeBehindTheEnginesBack() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("out.sqlite").path
        let source = SyntheticSource(seed: 17)
        _ = try migrate(source, to: path)
        try executeSQL(path, "UPDATE Track SET duration = duration + 1 WHERE _key = 50")
        try executeSQL(
            path,
            "DELETE FROM Album__tracks WHERE (owner, position) IN (SELECT owner, position FROM Album__tracks LIMIT 1)")
        try executeSQL(path, "UPDATE Album SET lastTrack = 123456 WHERE _key = 2")
        let sink = try SQLiteSink(path: path)
        #expect(try sink.recordedSchema() == SyntheticSource.schema)
        let report = try Verifier(source: source, destination: sink).verify(level: .full)
        #expect(!report.passed)
        #expect(
            report.problems.contains {
                $0.kind == .valueMismatch && $0.className == "Track" && $0.key == 50 && $0.fields == ["duration"]
            })
        #expect(
            report.problems.contains {
                $0.kind == .danglingLink && $0.className == "Album" && $0.key == 2 && $0.fields == ["lastTrack"]
            })
        #expect(report.relationships.contains { $0.originField == "tracks" && !$0.inverseAgrees })
    }

    /// The indexes `docs/sqlite-schema.md` lists, by the rules it states: a `UNIQUE` index `<Class>.<property>` on the
    /// primary key, a plain one of the same name on every other indexed property, and `<Class>__<list>.value` on the
    /// targets of every link collection.
    private static let documentedIndexes: [[String]] = SyntheticSource.schema.classes.flatMap { cls in
        cls.fields.compactMap { field -> [String]? in
            if field.collection == .single, field.name == cls.primaryKey { return ["\(cls.name).\(field.name)", "1"] }
            if field.collection == .single, field.isIndexed { return ["\(cls.name).\(field.name)", "0"] }
            if field.collection != .single, field.type == .link { return ["\(cls.name)__\(field.name).value", "0"] }
            return nil
        }
    }.sorted { $0[0] < $1[0] }

    private static let indexQuery = """
        SELECT m.name, i."unique" FROM sqlite_master AS m, pragma_index_list(m.tbl_name) AS i \
        WHERE m.type = 'index' AND i.name = m.name AND m.name NOT LIKE 'sqlite_autoindex%' ORDER BY m.name
        """

    @Test func indexesAreBuiltByTheCommitThatFinishesTheCopy() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("out.sqlite").path
        let source = SyntheticSource(seed: 19)
        source.crashAtRead = 150
        #expect(throws: SimulatedCrash.self) { _ = try migrate(source, to: path) }
        #expect(try SQLiteSink(path: path).storedCheckpoint().map { $0.phase != .finished } == true)
        #expect(try queryRows(path, Self.indexQuery).isEmpty)
        source.crashAtRead = nil
        #expect(try migrate(source, to: path).checkpoint.phase == .finished)
        #expect(Self.documentedIndexes.count == 4)
        #expect(try queryRows(path, Self.indexQuery) == Self.documentedIndexes)
        #expect(try Verifier(source: source, destination: SQLiteSink(path: path)).verify(level: .full).passed)
    }

    @Test func aRepeatedPrimaryKeyFailsTheFinishAndLeavesTheCopyUnfinished() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("out.sqlite").path
        let source = SyntheticSource(seed: 20)
        let artists = try #require(source.recordsByClass["Artist"])
        source.recordsByClass["Artist"]?[2].values[0] = artists[1].values[0]
        #expect {
            _ = try migrate(source, to: path)
        } throws: { error in
            SQLiteResultCode.SQLITE_CONSTRAINT_UNIQUE ~= error
        }
        #expect(try SQLiteSink(path: path).storedCheckpoint()?.phase == .relationships)
        #expect(try queryRows(path, Self.indexQuery).isEmpty)
    }
}
