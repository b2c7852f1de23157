import Foundation
import RealmModelParser
import Testing

/// The Objective-C inputs cut at every length and with bytes flipped at random: parsing always returns, whatever
/// the damage. The seed is printed so a failure can be replayed.
@Suite struct ObjectiveCFuzzTests {
    @Test func truncatedModelFilesAlwaysParse() throws {
        let files = try ObjectiveCInputs.files("Kennel")
        for file in files {
            let bytes = Array(file.text.utf8)
            for length in stride(from: 0, through: bytes.count, by: 7) {
                let cut = String(decoding: bytes[..<length], as: UTF8.self)
                let others = files.filter { $0.path != file.path }
                _ = RealmModelParser.parse(others + [.init(path: file.path, text: cut)])
            }
        }
    }

    @Test func flippedBytesAlwaysParse() throws {
        let files = try ObjectiveCInputs.files("Feeds") + ObjectiveCInputs.files("Music")
        let seed = UInt64.random(in: 0...UInt64.max)
        print("ObjectiveCFuzzTests seed \(seed)")
        var state = seed
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let alphabet = Array("@(){}<>[];:,*^#\"'/\\\n abcRLM_".utf8)
        for _ in 0..<150 {
            let mutated = files.map { file -> RealmModelParser.SourceFile in
                var bytes = Array(file.text.utf8)
                for _ in 0..<8 where !bytes.isEmpty {
                    bytes[Int(next() % UInt64(bytes.count))] = alphabet[Int(next() % UInt64(alphabet.count))]
                }
                return .init(path: file.path, text: String(decoding: bytes, as: UTF8.self))
            }
            _ = RealmModelParser.parse(mutated)
        }
    }
}
