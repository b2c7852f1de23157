import Foundation
import RealmModelParser
import SwiftSourceSyntax
import TestSupport
import Testing

/// Source files are untrusted input: whatever the bytes, the parser returns (a trap would crash the test run).
/// Cuts every model file at every length, and applies seeded random edits; the seed is printed for replay.
@Suite struct FuzzTests {
    static let sources: [String] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("RealmModels")
        return ["ModernMusic/Artist.swift", "ModernMusic/Track.swift", "LegacyShop/Customer.swift"].compactMap {
            try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
        }
    }()

    @Test func everyTruncationParses() {
        #expect(Self.sources.count == 3)
        for source in Self.sources {
            let bytes = Array(source.utf8)
            for length in 0...bytes.count {
                let result = RealmModelParser.parse([
                    .init(path: "T.swift", text: String(decoding: bytes[..<length], as: UTF8.self))
                ])
                #expect(result.schema.objectTypes.count <= 3)
            }
        }
    }

    @Test func randomEditsParse() {
        var generator = SeededRandomNumberGenerator.replayable("FuzzTests.randomEditsParse")
        let seed = generator.seed
        for round in 0..<300 {
            guard let source = Self.sources.randomElement(using: &generator) else { continue }
            let text = SourceEdits.edited(source, using: &generator)
            let result = RealmModelParser.parse([
                .init(path: "R\(round).swift", text: text)
            ])
            #expect(result.diagnostics.allSatisfy { $0.location.line >= 1 }, "seed \(seed), round \(round)")
        }
    }
}

/// Random Swift-looking text (seeded, the seed printed): the lexer and parser return whatever the nesting,
/// unbalanced braces or unterminated literals; and a megabyte of it, or 100 000 nested braces, parses (the time for
/// 10 MB is a benchmark figure: `CarryoverBenchmarks model-source-parse`).
@Suite struct SwiftLookingTextFuzzTests {
    @Test func randomSwiftLookingTextParses() {
        var generator = SeededRandomNumberGenerator.replayable("SwiftLookingTextFuzzTests.randomSwiftLookingTextParses")
        let seed = generator.seed
        for round in 0..<200 {
            let text = SwiftLookingText.generate(
                count: Int.random(in: 1...4_000, using: &generator), seed: generator.next())
            let split = text.utf8.count / 2
            let bytes = Array(text.utf8)
            let result = RealmModelParser.parse([
                .init(path: "A.swift", text: String(decoding: bytes[..<split], as: UTF8.self)),
                .init(path: "B.swift", text: String(decoding: bytes[split...], as: UTF8.self)),
            ])
            #expect(result.diagnostics.allSatisfy { $0.location.line >= 1 }, "seed \(seed), round \(round)")
        }
    }

    @Test func aMegabyteOfSwiftLookingTextParses() {
        // A file that imports RealmSwift has its problems reported (other files' are not the converter's business).
        let text = "import RealmSwift\n" + SwiftLookingText.generate(count: 1 << 20, seed: 11)
        let result = RealmModelParser.parse([.init(path: "Big.swift", text: text)])
        #expect(!result.diagnostics.isEmpty)
        #expect(result.diagnostics.allSatisfy { $0.location.file == "Big.swift" && $0.location.line >= 1 })
    }

    @Test func deepNestingIsReportedNotRecursedInto() {
        let depth = 100_000
        let types = String(repeating: "class A: Object {\n", count: depth)
        let conditions = String(repeating: "#if X\n", count: depth)
        let interpolations = "let s = " + String(repeating: "\"\\(", count: depth)
        let generics = "class B: Object {\n    @Persisted var x: " + String(repeating: "List<", count: depth) + "\n}\n"
        let result = RealmModelParser.parse([
            .init(path: "Types.swift", text: types), .init(path: "Ifs.swift", text: conditions),
            .init(path: "Strings.swift", text: interpolations), .init(path: "Generics.swift", text: generics),
        ])
        #expect(result.diagnostics.contains { $0.message.contains("nested too deeply") })
        #expect(result.schema[className: "B"] != nil)
    }
}
