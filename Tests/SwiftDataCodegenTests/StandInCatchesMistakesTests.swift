import Foundation
import SwiftDataStandIn
import Testing

/// The compile check is only worth something if it fails on wrong code: each case breaks a correct model in one way
/// a generator bug could, and the stand-in must reject it.
@Suite struct StandInCatchesMistakesTests {
    static let correct = """
        import Foundation
        import SwiftData

        @Model
        final class Album {
            #Unique<Album>([\\.id])
            #Index<Album>([\\.title])

            @Attribute(.unique) var id: String
            var title: String
            @Relationship(deleteRule: .nullify, inverse: \\Track.album)
            var tracks: [Track] = []

            init(id: String, title: String = "", tracks: [Track] = []) {
                self.id = id
                self.title = title
                self.tracks = tracks
            }
        }

        @Model
        final class Track {
            var title: String
            var album: Album?

            init(title: String = "") {
                self.title = title
            }
        }
        """

    static let mistakes: [(String, String, String)] = [
        ("misspelled inverse key path", "inverse: \\Track.album)", "inverse: \\Track.albun)"),
        ("inverse pointing at the wrong class", "var album: Album?", "var album: Track?"),
        ("wrong property type", "var title: String\n    @Relationship", "var title: Strin\n    @Relationship"),
        (
            "initializer leaving a property unset", "        self.title = title\n        self.tracks",
            "        self.tracks"
        ),
        ("initializer assigning the wrong type", "self.title = title\n    }\n}", "self.title = 42\n    }\n}"),
        ("index on a missing property", "#Index<Album>([\\.title])", "#Index<Album>([\\.titel])"),
        ("unique on a missing property", "#Unique<Album>([\\.id])", "#Unique<Album>([\\.identifier])"),
        ("an attribute that is not Codable", "var title: String\n    var album", "var title: NSObject\n    var album"),
        ("a misspelled delete rule", ".nullify", ".nullifies"),
        ("@Model on a struct", "final class Track", "struct Track"),
    ]

    @Test func theCorrectModelTypeChecks() throws {
        let outcome = try GeneratedCodeCompiler.typecheck(["Models.swift": Self.correct])
        #expect(outcome.succeeded, "\(outcome.output)")
    }

    @Test(arguments: mistakes.map(\.0)) func eachMistakeFailsTheTypeCheck(_ name: String) throws {
        let (_, original, broken) = try #require(Self.mistakes.first { $0.0 == name })
        #expect(Self.correct.contains(original), "the case no longer applies to the model")
        let source = Self.correct.replacingOccurrences(of: original, with: broken)
        let outcome = try GeneratedCodeCompiler.typecheck(["Models.swift": source])
        #expect(!outcome.succeeded, "\(name) was not caught")
    }
}
