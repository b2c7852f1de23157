import Foundation
import RealmThreadingConversion
import SwiftDataStandIn
import Testing

/// Every generated actor type-checks (Swift 6, strict concurrency, up to SIL) against the SwiftData stand-in,
/// together with the models the models pipeline generates from `Inputs/Models.swift.txt`; all drafts in one
/// compile, and the compiler says nothing at all.
@Suite struct GeneratedActorCompileTests {
    @Test func everyDraftTypeChecksWithTheGeneratedModelsAndNoWarning() throws {
        var files = try ThreadingInputs.modelFiles()
        #expect(files["Models.swift"] != nil)
        var actors: [String] = []
        for name in ThreadingInputs.all {
            for draft in try ThreadingInputs.convert(name).drafts {
                files["\(draft.actorName).swift"] = draft.source
                actors.append(draft.actorName)
            }
        }
        #expect(actors.count == 10, "\(actors)")
        #expect(Set(actors).count == actors.count)
        let outcome = try GeneratedCodeCompiler.typecheck(files)
        #expect(outcome.succeeded, "\(outcome.output)")
        #expect(!outcome.output.contains("warning:"), "\(outcome.output)")
    }

    /// A statement kept as written must only use names the actor still has: one that uses the Realm parameter (or a
    /// model parameter, passed by identifier) makes the operation a skeleton with the reason, and the draft compiles.
    @Test func anOperationKeptAsWrittenCompilesOrIsASkeletonWithItsReason() throws {
        let source = """
            import RealmSwift

            final class RealmLocator {
                func locate(_ localRealm: Realm) {
                    print(localRealm.configuration.fileURL as Any)
                }

                func describe(_ track: RealmTrack, in realm: Realm) {
                    print(track.title)
                }

                func greet(_ name: String, in realm: Realm) {
                    print("hello", name)
                }
            }
            """
        let result = RealmThreadingConversion(catalog: try ThreadingInputs.catalog()).convert(
            source: source, file: "Locator.swift")
        let draft = try #require(result.drafts.first)
        let operations = Dictionary(uniqueKeysWithValues: draft.operations.map { ($0.original, $0) })
        let locate = try #require(operations["locate(_:)"])
        #expect(locate.outcome == .skeleton)
        #expect(locate.notes.first?.contains("uses `localRealm`, which the actor does not have") == true)
        #expect(operations["describe(_:in:)"]?.outcome == .skeleton)
        #expect(operations["greet(_:in:)"]?.outcome == .converted)
        var files = try ThreadingInputs.modelFiles()
        files["\(draft.actorName).swift"] = draft.source
        let outcome = try GeneratedCodeCompiler.typecheck(files)
        #expect(outcome.succeeded, "\(outcome.output)\n\(draft.source)")
        #expect(!outcome.output.contains("warning:"), "\(outcome.output)")
    }

    @Test func theCompileFailsWhenADraftNamesAModelTheAppDoesNotHave() throws {
        // The same guide draft against a catalog that maps RealmTrack to a type no model declares: proves the
        // compile above checks the drafts against the models, not only their syntax.
        let catalog = ThreadingInputs.catalog(["RealmTrack": "Song"])
        let draft = try #require(
            RealmThreadingConversion(catalog: catalog).convert(
                source: try ThreadingInputs.source("GuideDataManager"), file: "GuideDataManager.swift"
            ).drafts.first)
        var files = try ThreadingInputs.modelFiles()
        files["DataManagerStore.swift"] = draft.source
        let outcome = try GeneratedCodeCompiler.typecheck(files)
        #expect(!outcome.succeeded)
        #expect(outcome.output.contains("Song"), "\(outcome.output)")
    }

    @Test func theGuidesActorReturningModelsIsRejectedInSwift6WhichIsWhyDraftsReturnIdentifiers() throws {
        // The guide's `SwiftDataManager.fetchTracks() async -> [Track]`, used from the main actor: models are not
        // Sendable, so strict concurrency rejects handing them out of the actor.
        var files = try ThreadingInputs.modelFiles()
        files["SwiftDataManager.swift"] = """
            import SwiftData

            actor SwiftDataManager {
                let modelContainer: ModelContainer
                init(modelContainer: ModelContainer) { self.modelContainer = modelContainer }

                func fetchTracks() async -> [Track] {
                    let context = ModelContext(modelContainer)
                    let descriptor = FetchDescriptor<Track>()
                    return (try? context.fetch(descriptor)) ?? []
                }
            }

            @MainActor func showTracks(_ manager: SwiftDataManager) async {
                let tracks = await manager.fetchTracks()
                print(tracks.map(\\.title))
            }
            """
        let outcome = try GeneratedCodeCompiler.typecheck(files)
        #expect(!outcome.succeeded)
        #expect(outcome.output.contains("Sendable") || outcome.output.contains("sending"), "\(outcome.output)")
    }
}
