import Foundation
import MigrationEngine
import TestSupport
import Testing

@Suite struct InMemoryMigrationTests {
    @Test func copiesEveryObjectAndVerifies() throws {
        let source = SyntheticSource(seed: 1)
        let sink = InMemorySink()
        let outcome = try Migrator(source: source, sink: sink, batchSize: 7).run()
        #expect(outcome.checkpoint.phase == .finished)
        for cls in SyntheticSource.schema.classes {
            #expect(
                contentEncoding(sink.committedRecords(of: cls.name))
                    == contentEncoding(source.recordsByClass[cls.name] ?? []))
        }
        let report = try Verifier(source: source, destination: sink).verify(level: .full)
        #expect(report.passed, "\(report.problems)")
        #expect(report.classes.map(\.objectsCompared) == [5, 60, 12, 120])
        #expect(report.relationships.allSatisfy { $0.inverseAgrees && $0.danglingLinks == 0 })
        #expect(
            report.relationships.contains {
                $0.originClass == "Album" && $0.originField == "tracks" && $0.destinationLinks > 0
            })
    }

    @Test func crashAtAnyReadResumesWithoutDuplicatesOrGaps() throws {
        let expected = InMemorySink()
        let reference = SyntheticSource(seed: 2)
        _ = try Migrator(source: reference, sink: expected, batchSize: 5).run()
        var random = SeededRandomNumberGenerator(seed: 42)
        for _ in 0..<25 {
            let source = SyntheticSource(seed: 2)
            let sink = InMemorySink()
            var crashes = 0
            while true {
                source.crashAtRead = source.reads + 1 + Int(random.next() % 60)
                do {
                    _ = try Migrator(source: source, sink: sink, batchSize: 5).run()
                    break
                } catch is SimulatedCrash {
                    crashes += 1
                }
            }
            #expect(crashes > 0)
            source.crashAtRead = nil
            for cls in SyntheticSource.schema.classes {
                #expect(
                    contentEncoding(sink.committedRecords(of: cls.name))
                        == contentEncoding(expected.committedRecords(of: cls.name)))
            }
            #expect(try Verifier(source: source, destination: sink).verify(level: .full).passed)
        }
    }

    @Test func cancellationStopsAfterACommittedBatchAndResumes() async throws {
        let sink = InMemorySink()
        let task = Task {
            let source = SyntheticSource(seed: 3)
            source.onRead = { read in if read == 50 { withUnsafeCurrentTask { $0?.cancel() } } }
            return try Migrator(source: source, sink: sink, batchSize: 10).run()
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        let stopped = try #require(sink.checkpoint)
        #expect(stopped.phase == .attributes)
        // Read 50 falls in the batch of reads 46…55 (5 artists, then notes in tens); that batch is committed, no more.
        #expect(stopped.phaseObjectsDone == 55)
        let source = SyntheticSource(seed: 3)
        let outcome = try Migrator(source: source, sink: sink, batchSize: 10).run()
        #expect(outcome.resumedFrom == stopped)
        #expect(try Verifier(source: source, destination: sink).verify(level: .full).passed)
    }

    @Test func finishedDestinationIsLeftAlone() throws {
        let source = SyntheticSource(seed: 4)
        let sink = InMemorySink()
        _ = try Migrator(source: source, sink: sink).run()
        let commits = sink.commitCount
        let again = try Migrator(source: source, sink: sink).run()
        #expect(again.wasAlreadyComplete)
        #expect(again.objectsWritten == 0)
        #expect(sink.commitCount == commits)
    }

    @Test func destinationOfAnotherSourceIsRefused() throws {
        let sink = InMemorySink()
        _ = try Migrator(source: SyntheticSource(seed: 5), sink: sink).run()
        let commits = sink.commitCount
        #expect(
            throws: MigrationError.destinationFromAnotherSource(
                expected: "synthetic-6-120-12-5", found: "synthetic-5-120-12-5")
        ) {
            _ = try Migrator(source: SyntheticSource(seed: 6), sink: sink).run()
        }
        #expect(sink.commitCount == commits)
    }

    @Test func progressReportsEveryBatchUpToTheTotals() throws {
        var reports: [MigrationProgress] = []
        let outcome = try Migrator(source: SyntheticSource(seed: 7), sink: InMemorySink(), batchSize: 25).run {
            reports.append($0)
        }
        #expect(reports.count == outcome.batchesCommitted)
        let lastAttributes = try #require(reports.last { $0.phase == .attributes })
        #expect(lastAttributes.phaseDone == 197 && lastAttributes.phaseTotal == 197)
        let last = try #require(reports.last)
        #expect(last.phase == .relationships && last.phaseDone == last.phaseTotal && last.phaseTotal == 137)
        #expect(reports.allSatisfy { $0.classDone <= $0.classTotal && $0.bytes > 0 })
    }

    @Test func sourceKeysOutOfOrderStopTheCopy() throws {
        let source = SyntheticSource(seed: 8)
        source.replaceRecords(of: "Note", with: (source.recordsByClass["Note"] ?? []).reversed())
        #expect(throws: MigrationError.keysOutOfOrder(className: "Note", previous: 59, next: 58)) {
            _ = try Migrator(source: source, sink: InMemorySink()).run()
        }
    }

    @Test func verificationNamesTheDifferingFieldAndBrokenInverse() throws {
        let source = SyntheticSource(seed: 9)
        let sink = InMemorySink()
        _ = try Migrator(source: source, sink: sink).run()
        var tracks = source.recordsByClass["Track"] ?? []
        tracks[3].values[0] = .string("changed")
        let linked = try #require(tracks.firstIndex { !$0.incomingLinks.isEmpty })
        tracks[linked].incomingLinks = []
        source.replaceRecords(of: "Track", with: tracks)
        let report = try Verifier(source: source, destination: sink).verify(level: .full)
        #expect(!report.passed)
        #expect(report.problems.contains { $0.kind == .valueMismatch && $0.key == 30 && $0.fields == ["title"] })
        #expect(report.problems.contains { $0.kind == .inverseMismatch })
        #expect(try Verifier(source: source, destination: sink).verify(level: .counts).passed)
    }

    @Test(arguments: [false, true]) func verificationComparesValuesBitForBit(readAhead: Bool) throws {
        let source = SyntheticSource(seed: 10)
        let sink = InMemorySink()
        _ = try Migrator(source: source, sink: sink).run()
        source.detachable = readAhead
        var artists = source.recordsByClass["Artist"] ?? []
        // Equal under `==` but not bit for bit: a NaN with another payload, +0 for -0, "ü" decomposed, a list for a
        // set with the same elements.
        artists[1].values[2] = .double(Double(nan: 1, signaling: false))
        artists[2].values[2] = .double(0)
        artists[3].values[0] = .string("Artist 3 \u{0}u\u{308}😀")
        if case .set(let tags) = artists[4].values[3] { artists[4].values[3] = .list(tags) }
        source.replaceRecords(of: "Artist", with: artists)
        let report = try Verifier(source: source, destination: sink).verify(level: .full)
        let mismatches = report.problems.filter { $0.kind == .valueMismatch }
        #expect(mismatches.map(\.key) == artists[1...4].map(\.key))
        #expect(mismatches.map(\.fields) == [["rating"], ["rating"], ["name"], ["tags"]])
        #expect(report.classes.first { $0.name == "Artist" }?.objectsDiffering == 4)
        #expect(report.problemCount == 4)
    }

    @Test func verificationReadsADetachableSourceAheadToTheEnd() throws {
        let source = SyntheticSource(seed: 11, tracks: 1_500, albums: 40)
        let sink = InMemorySink()
        _ = try Migrator(source: source, sink: sink).run()
        source.detachable = true
        let report = try Verifier(source: source, destination: sink).verify(level: .full)
        #expect(report.passed, "\(report.problems)")
        #expect(report.classes.allSatisfy { $0.objectsCompared == $0.sourceCount && $0.sourceCount > 0 })
        #expect(report.classes.first { $0.name == "Track" }?.objectsCompared == 1_500)
        #expect(!report.relationships.isEmpty && report.relationships.allSatisfy(\.inverseAgrees))
    }

    @Test func aSourceFailingWhileReadAheadStopsVerificationWithItsError() throws {
        let source = SyntheticSource(seed: 12, tracks: 1_500, albums: 40)
        let sink = InMemorySink()
        _ = try Migrator(source: source, sink: sink).run()
        source.detachable = true
        source.crashAtRead = source.reads + 700
        #expect(throws: SimulatedCrash.self) { try Verifier(source: source, destination: sink).verify(level: .full) }
        source.crashAtRead = nil
        #expect(try Verifier(source: source, destination: sink).verify(level: .full).passed)
    }
}
