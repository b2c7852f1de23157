import Foundation
import RealmThreadingConversion
import TestSupport
import Testing

/// Which types get a draft, what made them background Realm users, and how the actors are named.
@Suite struct BackgroundUseTests {
    private func kinds(_ draft: ModelActorDraft) -> [String] {
        draft.backgroundUses.map { "\($0.kind.rawValue) \($0.member) \($0.line)" }
    }

    @Test func theGuidesDataManagerOpensRealmOnTheGlobalQueueTwice() throws {
        let result = try ThreadingInputs.convert("GuideDataManager")
        let draft = try #require(result.drafts.first)
        #expect(result.drafts.count == 1)
        #expect(result.problems.isEmpty)
        #expect(draft.originalType == "RealmDataManager")
        #expect(draft.line == 4)
        #expect(
            kinds(draft) == [
                "globalQueue fetchTracksOnBackground() 6", "globalQueue saveTrackOnBackground(_:) 17",
            ])
    }

    @Test func aStoredSerialQueueIsABackgroundQueue() throws {
        let draft = try #require(try ThreadingInputs.convert("SerialQueueService").drafts.first)
        #expect(
            kinds(draft) == [
                "dispatchQueue track(withID:completion:) 14", "dispatchQueue save(_:completion:) 24",
                "dispatchQueue remove(_:) 39", "dispatchQueue rock(completion:) 48",
            ])
    }

    @Test func detachedTasksRealmParametersAndStoredRealmsAreFound() throws {
        let detached = try #require(try ThreadingInputs.convert("DetachedTask").drafts.first)
        #expect(detached.backgroundUses.map(\.kind) == [.detachedTask, .detachedTask, .detachedTask])
        let importer = try #require(try ThreadingInputs.convert("RealmParameterImporter").drafts.first)
        #expect(importer.backgroundUses.map(\.kind) == [.realmParameter, .realmParameter, .realmParameter])
        let worker = try #require(try ThreadingInputs.convert("StoredRealmOperations").drafts.first)
        #expect(
            kinds(worker) == [
                "realmParameter init(realm:) 9", "operationQueue refreshAll() 15",
                "storedRealmInClosure refreshAll() 15",
                "writeAsync appendAsync(_:) 22", "asyncOpen open(completion:) 28",
            ])
    }

    @Test func mainThreadRealmAndBackgroundWorkWithoutRealmGiveNoDraft() throws {
        let result = try ThreadingInputs.convert("NoBackground")
        #expect(result.drafts.isEmpty)
        #expect(result.problems.isEmpty)
    }

    @Test func actorNamesDropARealmPrefixAddStoreAndNeverCollide() throws {
        let source = """
            import RealmSwift
            class RealmDataManager {
                func load() { DispatchQueue.global().async { let realm = try! Realm(); _ = realm } }
            }
            class DataManager {
                func load() { DispatchQueue.global().async { let realm = try! Realm(); _ = realm } }
            }
            class TrackStore {
                func load() { DispatchQueue.global().async { let realm = try! Realm(); _ = realm } }
            }
            class TrackStoreActor {}
            class Realmless {
                func load() { DispatchQueue.global().async { let realm = try! Realm(); _ = realm } }
            }
            """
        let conversion = RealmThreadingConversion(
            catalog: try ThreadingInputs.catalog(), reservedNames: ["RealmlessStore"])
        let names = conversion.convert(source: source, file: "Names.swift").drafts.map(\.actorName)
        #expect(names == ["DataManagerStore", "DataManagerStore2", "TrackStoreActor2", "RealmlessStore2"])
    }

    @Test func anActorNameNeverTakesAModelsName() throws {
        let catalog = ThreadingInputs.catalog(["RealmTrack": "Track", "Cache": "CacheStore"])
        let source = """
            final class Cache {
                func clear() { DispatchQueue.global().async { let realm = try! Realm(); try! realm.write { realm.deleteAll() } } }
            }
            """
        let draft = try #require(
            RealmThreadingConversion(catalog: catalog).convert(source: source, file: "C.swift").drafts.first)
        #expect(draft.actorName == "CacheStore2")
    }

    @Test func malformedSourceIsReportedAndWhatParsesIsStillConverted() throws {
        let source = try ThreadingInputs.source("GuideDataManager") + "\nclass Broken {\n    func f() {\n"
        let result = RealmThreadingConversion(catalog: try ThreadingInputs.catalog()).convert(
            source: source, file: "Broken.swift")
        #expect(result.drafts.map(\.actorName) == ["DataManagerStore"])
        #expect(!result.problems.isEmpty)
    }

    @Test func draftsAreCodableValues() throws {
        let result = try ThreadingInputs.convert("SerialQueueService")
        let data = try JSONEncoder().encode(result)
        #expect(try JSONDecoder().decode(ThreadingConversionResult.self, from: data) == result)
    }
}

/// Realm opened with a queue, a labelled queue made on the spot, implicit returns, truncated input.
@Suite struct InlineShapeTests {
    @Test func realmOpenedOnAQueueAndALabelledQueueAreBackgroundUses() throws {
        let result = try ThreadingInputs.convert("QueueBound")
        let draft = try #require(result.drafts.first)
        #expect(draft.backgroundUses.map(\.kind) == [.realmQueue, .dispatchQueue])
        let importLater = try #require(draft.operations.first { $0.original == "importLater(_:)" })
        #expect(importLater.outcome == .converted)
        #expect(importLater.declaration == "func importLater(_ tracks: sending [Track]) throws")
        let load = try #require(draft.operations.first { $0.original == "load(on:)" })
        #expect(load.outcome == .skeleton, "`_ = realm.objects(…)` is not a binding it re-expresses")
        #expect(load.declaration == "func load(on queue: DispatchQueue) throws")
    }

    @Test func implicitlyReturnedReadsBecomeIdentifiers() throws {
        let result = try ThreadingInputs.convert("ImplicitReturns")
        let draft = try #require(result.drafts.first)
        let operations = Dictionary(uniqueKeysWithValues: draft.operations.map { ($0.original, $0) })
        #expect(operations["all()"]?.declaration == "func all() throws -> [PersistentIdentifier]")
        #expect(operations["one(id:)"]?.declaration == "func one(id: String) throws -> PersistentIdentifier?")
        #expect(operations["refresh()"]?.outcome == .converted)
        #expect(draft.source.contains("return result.map(\\.persistentModelID)"))
    }

    @Test func everyTruncationOfEveryInputConvertsWithoutTrapping() throws {
        let conversion = RealmThreadingConversion(catalog: try ThreadingInputs.catalog())
        var drafts = 0
        for name in ThreadingInputs.all {
            let bytes = Array(try ThreadingInputs.source(name).utf8)
            for length in stride(from: 0, through: bytes.count, by: 11) {
                let text = String(decoding: bytes[0..<length], as: UTF8.self)
                drafts += conversion.convert(source: text, file: name).drafts.count
            }
        }
        #expect(drafts > 0)
    }

    @Test func mutatedInputsConvertWithoutTrapping() throws {
        // Lines of every input shuffled, dropped, duplicated and cut, with bytes flipped (the seed is printed): no
        // trap, and every draft is a whole actor whose skeletons say why.
        var random = SeededRandomNumberGenerator.replayable("threading conversion mutations")
        let conversion = RealmThreadingConversion(catalog: try ThreadingInputs.catalog())
        let lines = try ThreadingInputs.all.flatMap { try ThreadingInputs.source($0).split(separator: "\n") }
        var converted = 0
        for _ in 0..<300 {
            var picked = (0..<Int.random(in: 5...60, using: &random)).compactMap { _ in
                lines.randomElement(using: &random)
            }
            if Bool.random(using: &random) { picked.shuffle(using: &random) }
            var bytes = Array(picked.joined(separator: "\n").utf8)
            for _ in 0..<Int.random(in: 0...8, using: &random) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...127, using: &random)
            }
            let result = conversion.convert(source: String(decoding: bytes, as: UTF8.self), file: "Mutated.swift")
            for draft in result.drafts {
                converted += 1
                #expect(
                    draft.source.contains("@ModelActor\nactor \(draft.actorName) {") && draft.source.hasSuffix("}\n"))
                #expect(draft.operations.allSatisfy { $0.outcome == .converted || !$0.notes.isEmpty })
            }
        }
        #expect(converted > 0, "some mutations keep a background Realm type")
    }
}
