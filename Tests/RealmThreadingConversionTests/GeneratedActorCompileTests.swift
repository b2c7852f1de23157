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

    @Test func theCompileFailsWhenADraftNamesAModelTheAppDoesNotHave() throws {
        // The same guide draft against a catalog that maps RealmTrack to a type no model declares: proves the
        // compile above checks the drafts against the models, not only their syntax.
        let catalog = RealmModelCatalog(classNames: ["RealmTrack": "Song"])
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
}
