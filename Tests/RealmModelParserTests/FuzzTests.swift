import Foundation
import RealmModelParser
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
        let alphabet = Array("{}()[]<>\"#\\/*@`?!=,:;. \nabcXYZ019$_".utf8)
        for round in 0..<300 {
            guard var bytes = Self.sources.randomElement(using: &generator).map({ Array($0.utf8) }) else { continue }
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let position = Int.random(in: 0..<max(bytes.count, 1), using: &generator)
                let byte = alphabet.randomElement(using: &generator) ?? 0
                switch Int.random(in: 0..<3, using: &generator) {
                case 0 where position < bytes.count: bytes[position] = byte
                case 1: bytes.insert(byte, at: min(position, bytes.count))
                default: if position < bytes.count { bytes.remove(at: position) }
                }
            }
            let result = RealmModelParser.parse([
                .init(path: "R\(round).swift", text: String(decoding: bytes, as: UTF8.self))
            ])
            #expect(result.diagnostics.allSatisfy { $0.location.line >= 1 }, "seed \(seed), round \(round)")
        }
    }
}
