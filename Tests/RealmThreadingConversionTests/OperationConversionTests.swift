import Foundation
import RealmThreadingConversion
import Testing

/// What each method became: the generated declaration, converted or skeleton, and the reasons. Expectations follow
/// Realm's documented semantics (a `Realm` per thread, objects confined to it, `add(_:update:)` upserting by primary
/// key) and SwiftData's (a context per actor, models not `Sendable`, identifiers handed between actors).
@Suite struct OperationConversionTests {
    private func operations(_ name: String) throws -> [String: ActorOperationDraft] {
        let draft = try #require(try ThreadingInputs.convert(name).drafts.first)
        return Dictionary(uniqueKeysWithValues: draft.operations.map { ($0.original, $0) })
    }

    private func source(_ name: String) throws -> String {
        try #require(try ThreadingInputs.convert(name).drafts.first).source
    }

    @Test func theGuidesReadReturnsIdentifiersAndItsWriteInsertsAndSaves() throws {
        let operations = try operations("GuideDataManager")
        let fetch = try #require(operations["fetchTracksOnBackground()"])
        #expect(fetch.outcome == .converted)
        #expect(fetch.declaration == "func fetchTracksOnBackground() throws -> [PersistentIdentifier]")
        #expect(fetch.notes.contains { $0.contains("self.updateUI(tracks: Array(tracks))") })
        let save = try #require(operations["saveTrackOnBackground(_:)"])
        #expect(save.outcome == .converted)
        #expect(save.declaration == "func saveTrackOnBackground(_ track: sending Track) throws")
        let text = try source("GuideDataManager")
        #expect(text.contains("@ModelActor\nactor DataManagerStore {"))
        #expect(text.contains("let tracks = try modelContext.fetch(FetchDescriptor<Track>())\n"))
        #expect(text.contains("return tracks.map(\\.persistentModelID)"))
        #expect(text.contains("modelContext.insert(track)\n        try modelContext.save()"))
        #expect(!text.contains("DraftError"), "nothing is a skeleton")
    }

    @Test func primaryKeyLookupsUpsertsAndDeletesBecomeContextCalls() throws {
        let operations = try operations("SerialQueueService")
        #expect(
            operations["track(withID:completion:)"]?.declaration
                == "func track(withID id: String) throws -> PersistentIdentifier?")
        #expect(operations["save(_:completion:)"]?.declaration == "func save(_ tracks: sending [Track]) throws")
        #expect(operations["save(_:completion:)"]?.notes.contains { $0.contains("add(_:update: .modified)") } == true)
        #expect(operations["remove(_:)"]?.declaration == "func remove(_ trackID: PersistentIdentifier) throws")
        let text = try source("SerialQueueService")
        #expect(text.contains("FetchDescriptor<Track>(predicate: #Predicate { $0.id == trackKey })"))
        #expect(text.contains("trackDescriptor.fetchLimit = 1"))
        #expect(text.contains("for model in tracks { modelContext.insert(model) }"))
        #expect(text.contains("if let model = self[trackID, as: Track.self] { modelContext.delete(model) }"))
    }

    @Test func aFilteredQueryIsASkeletonWithTheSpotForTheQueryConversion() throws {
        let rock = try #require(try operations("SerialQueueService")["rock(completion:)"])
        #expect(rock.outcome == .skeleton)
        #expect(rock.declaration == "func rock() throws -> [PersistentIdentifier]")
        let query = #"realm.objects(RealmTrack.self).filter("genre == %@", "Rock").sorted(byKeyPath: "title")"#
        #expect(rock.pendingQueries == [query])
        let text = try source("SerialQueueService")
        #expect(text.contains("// carryover:query \(query)\n"))
        #expect(text.contains("        //     completion(Array(tracks))\n"), "the original body is kept in a comment")
        #expect(text.contains("throw DraftError.notConverted(\"rock(completion:)\")"))
        let popular = try #require(try operations("DetachedTask")["popular(minimumPlays:)"])
        #expect(popular.pendingQueries == ["realm.objects(RealmTrack.self).where { $0.plays >= minimumPlays }"])
        #expect(popular.declaration == "func popular(minimumPlays: Int) throws -> [String]")
    }

    @Test func completionHandlersBecomeReturnValues() throws {
        let operations = try operations("CompletionHandlers")
        #expect(operations["loadTitles(completion:)"]?.declaration == "func loadTitles() throws -> [String]")
        #expect(
            operations["loadAlbums(completion:)"]?.declaration == "func loadAlbums() throws -> [PersistentIdentifier]")
        #expect(
            operations["titleOfAlbum(id:completion:)"]?.declaration == "func titleOfAlbum(id: String) throws -> String?"
        )
        let record = try #require(operations["record(trackID:)"])
        #expect(record.outcome == .skeleton)
        #expect(record.notes.first?.contains("create(_:value:update:)") == true)
        let text = try source("CompletionHandlers")
        #expect(text.contains("return tracks.map(\\.title)"))
        #expect(text.contains("return album?.title"))
    }

    @Test func combinePublishersBecomeAsyncMethods() throws {
        let operations = try operations("CombineRepository")
        let all = try #require(operations["allTracks()"])
        #expect(all.outcome == .converted)
        #expect(all.declaration == "func allTracks() throws -> [PersistentIdentifier]")
        #expect(all.notes.contains { $0.contains("Combine publisher") })
        #expect(operations["genres()"]?.declaration == "func genres() throws -> [String]")
        #expect(try source("CombineRepository").contains("return tracks.map(\\.genre)"))
    }

    @Test func detachedTasksAndRealmParametersLoseTheirRealm() throws {
        let library = try operations("DetachedTask")
        #expect(library["identifiers()"]?.declaration == "func identifiers() throws -> [String]")
        #expect(library["deleteEverything()"]?.declaration == "func deleteEverything() throws")
        let importer = try operations("RealmParameterImporter")
        #expect(importer["importTracks(_:into:)"]?.declaration == "func importTracks(_ tracks: sending [Track]) throws")
        #expect(importer["purge(in:)"]?.declaration == "func purge() throws")
        #expect(importer["count(in:)"]?.declaration == "func count() throws -> Int")
        #expect(importer["count(in:)"]?.outcome == .converted)
        let text = try source("RealmParameterImporter")
        #expect(
            text.contains(
                "for model in try modelContext.fetch(FetchDescriptor<Track>()) { modelContext.delete(model) }"))
        #expect(text.contains("return try modelContext.fetchCount(FetchDescriptor<Track>())"))
    }

    @Test func threadSafeReferencesAndFrozenObjectsBecomeIdentifiers() throws {
        let operations = try operations("ThreadSafeHandoff")
        #expect(operations["markPlayed(_:)"]?.declaration == "func markPlayed(_ trackID: PersistentIdentifier) throws")
        #expect(
            operations["rename(_:to:)"]?.declaration
                == "func rename(_ frozenTrackID: PersistentIdentifier, to title: String) throws")
        let text = try source("ThreadSafeHandoff")
        #expect(
            text.contains("guard let track = self[trackID, as: Track.self] else { return }\n        track.plays += 1"))
        #expect(text.contains("guard let track = self[frozenTrackID, as: Track.self] else { return }"))
        let plays = try #require(operations["playsOfFirstTrack(completion:)"])
        #expect(plays.outcome == .skeleton, "its main-queue closure opens another Realm")
        #expect(plays.declaration == "func playsOfFirstTrack() throws -> Int")
    }

    @Test func storedRealmsWriteAsyncAndAsyncOpen() throws {
        let draft = try #require(try ThreadingInputs.convert("StoredRealmOperations").drafts.first)
        let operations = Dictionary(uniqueKeysWithValues: draft.operations.map { ($0.original, $0) })
        #expect(operations["refreshAll()"]?.outcome == .converted)
        #expect(operations["appendAsync(_:)"]?.declaration == "func appendAsync(_ track: sending Track) throws")
        let open = try #require(operations["open(completion:)"])
        #expect(open.outcome == .skeleton)
        #expect(open.declaration == "func open() throws", "a completion that receives a Realm has no result")
        #expect(draft.notes.contains { $0.contains("init(realm:)") && $0.contains("init(modelContainer:)") })
        #expect(draft.notes.contains { $0.contains("stored Realm `realm`") })
    }

    @Test func aPrimaryKeyLookupWithoutAKnownKeyIsASkeleton() throws {
        let conversion = RealmThreadingConversion(catalog: ThreadingInputs.catalog(["RealmTrack": "Track"]))
        let result = conversion.convert(source: try ThreadingInputs.source("SerialQueueService"), file: "S.swift")
        let track = try #require(result.drafts.first?.operations.first { $0.original == "track(withID:completion:)" })
        #expect(track.outcome == .skeleton)
        #expect(track.notes.first?.contains("no primary key for `RealmTrack`") == true)
    }
}
