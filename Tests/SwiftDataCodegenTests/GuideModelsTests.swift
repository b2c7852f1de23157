import Foundation
import RealmModelParser
import RealmSchema
import SwiftDataCodegen
import SwiftDataStandIn
import Testing

/// The Realm → SwiftData guide's Part 1 ("Pattern equivalents", `shared/seeds/001_db3c74b06f8bff0a.txt`): its Realm
/// models must convert to the SwiftData models it shows, with its mistakes corrected:
/// - `RealmSwiftCollection<T>` is not a Realm type: the list is `List<T>`;
/// - `@Attribute(.indexed)` does not exist in SwiftData: indexes are `#Index<T>(…)` (iOS 18), or dropped on iOS 17;
/// - `.cascade` on `Album.tracks` would delete tracks Realm keeps: the default is `.nullify`.
@Suite struct GuideModelsTests {
    /// The guide's basic model, verbatim.
    static let basicTrack = """
        class RealmTrack: Object {
            @Persisted(primaryKey: true) var id: String
            @Persisted var title: String
            @Persisted var artist: String
            @Persisted var duration: TimeInterval
            @Persisted var genre: String?
        }
        """

    /// The guide's relationship model, with `RealmSwiftCollection` corrected to `List`.
    static let album = """
        class RealmAlbum: Object {
            @Persisted(primaryKey: true) var id: String
            @Persisted var title: String
            @Persisted var tracks: List<RealmTrack>
        }
        """

    /// The guide's index model, verbatim.
    static let indexedTrack = """
        class RealmTrack: Object {
            @Persisted(primaryKey: true) var id: String
            @Persisted(indexed: true) var genre: String
            @Persisted(indexed: true) var releaseDate: Date
        }
        """

    static let options = CodegenOptions(stripPrefix: "Realm")

    static func convert(_ sources: [String], options: CodegenOptions = options) -> (
        SwiftDataCodegen.Output, [Diagnostic]
    ) {
        let files = sources.enumerated().map {
            RealmModelParser.SourceFile(path: "Guide\($0.offset).swift", text: $0.element)
        }
        let parsed = RealmModelParser.parse(files)
        return (SwiftDataCodegen.generate(parsed.schema, options: options), parsed.diagnostics)
    }

    static func models(_ output: SwiftDataCodegen.Output) -> String {
        output.files.first { $0.name == "Models.swift" }?.contents ?? ""
    }

    @Test func basicTrackBecomesTheGuidesTrack() throws {
        let (output, diagnostics) = Self.convert([Self.basicTrack])
        #expect(diagnostics.isEmpty)
        let models = Self.models(output)
        // The guide's SwiftData model, line by line.
        for line in [
            "@Model", "final class Track {", "    @Attribute(.unique) var id: String", "    var title: String",
            "    var artist: String", "    var duration: TimeInterval", "    var genre: String?",
            "        self.id = id", "        self.title = title", "        self.artist = artist",
            "        self.duration = duration", "        self.genre = genre",
        ] {
            #expect(models.contains(line + "\n"), "missing: \(line)")
        }
        // The guide's init, with Realm's defaults as default arguments (the primary key has none).
        #expect(
            models.contains(
                "    init(id: String, title: String = \"\", artist: String = \"\", duration: TimeInterval = 0, genre: String? = nil) {\n"
            ))
        try Golden.check(output, case: "GuideBasicTrack")
    }

    @Test func albumWithTracksKeepsTheListInOrderInEntryModels() throws {
        let (output, diagnostics) = Self.convert([Self.album, Self.basicTrack])
        #expect(diagnostics.isEmpty)
        let models = Self.models(output)
        #expect(
            models.contains(
                "    @Relationship(deleteRule: .cascade, inverse: \\AlbumTracksEntry.owner)\n"
                    + "    var tracksEntries: [AlbumTracksEntry] = []\n"))
        #expect(
            models.contains(
                "    @Relationship(deleteRule: .cascade, inverse: \\AlbumTracksEntry.target)\n"
                    + "    var albumTracksEntries: [AlbumTracksEntry] = []\n"))
        #expect(models.contains("    var tracks: [Track] { tracksEntries.inListOrder.compactMap(\\.target) }\n"))
        #expect(
            output.report.needsHuman.contains {
                $0.concern == .typeMapping && $0.subject == "RealmAlbum.tracks" && $0.message.contains("appendToTracks")
            })
        // A list no longer has a cardinality to guess: the entries hold any number of elements and repeats.
        #expect(!output.report.needsHuman.contains { $0.concern == .ambiguousCardinality })
        try Golden.check(output, case: "GuideAlbumTracks")
    }

    @Test func guidesRealmSwiftCollectionIsReadAsListWithAWarning() {
        let verbatim = Self.album.replacingOccurrences(of: "List<RealmTrack>", with: "RealmSwiftCollection<RealmTrack>")
        let (output, diagnostics) = Self.convert([verbatim, Self.basicTrack])
        #expect(
            diagnostics.map(\.description) == [
                "Guide0.swift:4: warning: 'RealmSwiftCollection' is not a Realm type; read as 'List'"
            ])
        #expect(Self.models(output).contains("var tracks: [Track] { tracksEntries.inListOrder"))
    }

    @Test func indexesBecomeIndexMacroOnIOS18() throws {
        var options = Self.options
        options.minimumIOS = .iOS18
        let (output, _) = Self.convert([Self.indexedTrack], options: options)
        let models = Self.models(output)
        #expect(
            models.contains(
                "    #Unique<Track>([\\.id])\n    #Index<Track>([\\.genre], [\\.releaseDate], [\\.realmObjectKey])\n"))
        #expect(!models.contains(".indexed"))
        #expect(models.contains("    var genre: String\n    var releaseDate: Date\n"))
        #expect(models.contains("init(id: String, genre: String = \"\", releaseDate: Date = Date())"))
        try Golden.check(output, case: "GuideIndexedTrackIOS18")
    }

    @Test func indexesAreDroppedWithANoteOnIOS17() throws {
        let (output, _) = Self.convert([Self.indexedTrack])
        let models = Self.models(output)
        #expect(!models.contains("#Index"))
        #expect(!models.contains(".indexed"))
        let dropped = output.report.needsHuman.filter { $0.concern == .droppedIndex }.map(\.subject)
        #expect(dropped == ["RealmTrack.genre", "RealmTrack.releaseDate", "realmObjectKey"])
        try Golden.check(output, case: "GuideIndexedTrackIOS17")
    }

    @Test func guideModelsTypeCheckAgainstTheSwiftDataStandIn() throws {
        var options18 = Self.options
        options18.minimumIOS = .iOS18
        var cloudKit = Self.options
        cloudKit.cloudKit = true
        for (sources, options) in [
            ([Self.basicTrack], Self.options), ([Self.album, Self.basicTrack], Self.options),
            ([Self.album, Self.basicTrack], cloudKit), ([Self.indexedTrack], options18),
        ] {
            let (output, _) = Self.convert(sources, options: options)
            let outcome = try GeneratedCodeCompiler.typecheck(output.compiledFiles)
            #expect(outcome.succeeded && !outcome.output.contains("warning:"), "\(outcome.output)")
        }
    }
}
