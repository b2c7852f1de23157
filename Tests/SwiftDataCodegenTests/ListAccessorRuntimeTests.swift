import Foundation
import SwiftDataCodegen
import SwiftDataConversion
import SwiftDataToolchain
import TestSupport
import Testing

/// The generated accessors of a Realm list (`tracks`, `appendToTracks`, `insertIntoTracks(_:at:)`,
/// `removeFromTracks(at:)`, `moveInTracks(from:to:)`), run in the Linux SwiftData runtime against a Swift array
/// given the same operations: a Realm `List` inserts, removes and moves as an array does, and keeps repeated
/// elements. The list is read back from a fresh context after saving, where the runtime hands the entries over in
/// no particular order (as a to-many relationship on Apple's platforms does).
@Suite("generated list accessors keep a Realm list's order and repeats")
struct ListAccessorRuntimeTests {
    static let source = """
        import RealmSwift

        class Track: Object {
            @Persisted var title: String = ""
        }

        class Album: Object {
            @Persisted var title: String = ""
            @Persisted var tracks: List<Track>
        }
        """

    enum Operation {
        case append(Int)
        case insert(Int, at: Int)
        case remove(at: Int)
        case move(from: Int, to: Int)
    }

    /// Seeded operations on a list of up to 30 elements drawn from 8 tracks, so tracks repeat.
    static func operations(seed: UInt64) -> [Operation] {
        var random = SeededRandomNumberGenerator(seed: seed)
        var count = 0
        var operations: [Operation] = []
        for _ in 0..<120 {
            let track = Int.random(in: 0..<8, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0 where count < 30:
                operations.append(.append(track))
                count += 1
            case 1 where count < 30:
                operations.append(.insert(track, at: Int.random(in: 0...count, using: &random)))
                count += 1
            case 2 where count > 0:
                operations.append(.remove(at: Int.random(in: 0..<count, using: &random)))
                count -= 1
            case 3 where count > 1:
                operations.append(
                    .move(
                        from: Int.random(in: 0..<count, using: &random), to: Int.random(in: 0..<count, using: &random)))
            default:
                operations.append(.append(track))
                count += 1
            }
        }
        return operations
    }

    /// The titles after each operation, applied to an array.
    static func expected(_ operations: [Operation]) -> [String] {
        var list: [Int] = []
        return operations.map { operation in
            switch operation {
            case .append(let track): list.append(track)
            case .insert(let track, let index): list.insert(track, at: index)
            case .remove(let index): list.remove(at: index)
            case .move(let source, let destination): list.insert(list.remove(at: source), at: destination)
            }
            return list.map { "t\($0)" }.joined(separator: ",")
        }
    }

    static func program(_ operations: [Operation]) -> String {
        var text = """
            import Foundation
            import SwiftData

            let container = try ModelContainer(
                for: Album.self, Track.self, AlbumTracksEntry.self,
                configurations: ModelConfiguration(url: URL(fileURLWithPath: CommandLine.arguments[1])))
            let context = ModelContext(container)
            let tracks = (0..<8).map { Track(title: "t\\($0)") }
            for track in tracks { context.insert(track) }
            let album = Album(title: "a")
            context.insert(album)
            func show(_ album: Album) -> String { album.tracks.map(\\.title).joined(separator: ",") }

            """
        for operation in operations {
            switch operation {
            case .append(let track): text += "album.appendToTracks(tracks[\(track)])\n"
            case .insert(let track, let index): text += "album.insertIntoTracks(tracks[\(track)], at: \(index))\n"
            case .remove(let index): text += "album.removeFromTracks(at: \(index))\n"
            case .move(let source, let destination): text += "album.moveInTracks(from: \(source), to: \(destination))\n"
            }
            text += "print(\"step \" + show(album))\n"
        }
        text += """
            try context.save()
            let readContext = ModelContext(container)
            let reread = try readContext.fetch(FetchDescriptor<Album>())
            print("saved " + (reread.first.map(show) ?? "none"))
            // Positions that are not 0 to count - 1 (gaps, repeats): the accessor orders by position.
            let entries = reread.first?.tracksEntries ?? []
            for entry in entries { entry.position = 100 - 3 * entry.position }
            print("gaps " + (reread.first.map(show) ?? "none"))
            for entry in entries { entry.position = 0 }
            print("repeats " + String((reread.first?.tracks ?? []).count))

            """
        return text
    }

    @Test("seeded inserts, removes and moves", arguments: [UInt64(3), 11, 2_026])
    func seededOperations(seed: UInt64) throws {
        let operations = Self.operations(seed: seed)
        let expected = Self.expected(operations)
        let builder = try SwiftProgramBuilder()
        let executable = try builder.build(files: [
            "main.swift": Self.program(operations), "Models.swift": try Self.models(),
        ])
        let directory = try TemporaryDirectory("carryover-list-accessors")
        defer { directory.remove() }
        let run = try CapturedRun(executable, [directory.appending("default.store").path])
        #expect(run.status == 0, "\(run.output)")
        let lines = run.output.split(separator: "\n").map(String.init)
        func value(_ label: String) -> String? {
            lines.first { $0.hasPrefix(label + " ") }.map { String($0.dropFirst(label.count + 1)) }
        }
        let steps = lines.filter { $0.hasPrefix("step ") }.map { String($0.dropFirst(5)) }
        #expect(steps == expected)
        let final = try #require(expected.last)
        #expect(value("saved") == final)
        // Positions rewritten to 100 - 3p reverse the saved order.
        #expect(value("gaps") == final.split(separator: ",").reversed().joined(separator: ","))
        // All positions equal: every element is still there.
        #expect(value("repeats") == String(final.split(separator: ",").count))
    }

    /// The generated `Models.swift` of `source`.
    static func models() throws -> String {
        let directory = try TemporaryDirectory("carryover-list-accessor-models")
        defer { directory.remove() }
        let file = directory.appending("Models.swift")
        try Data(source.utf8).write(to: file)
        let result = try ModelConversion(inputs: [file], options: CodegenOptions()).run()
        return try #require(result.files.first { $0.name == "Models.swift" }?.contents)
    }
}
