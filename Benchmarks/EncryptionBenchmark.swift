import Foundation
import RealmFile

/// Decryption of `medium_encrypted.v24.realm` (11 MB logical, 2 688 data pages) against reading the plain twin
/// `medium.v24.realm`: whole-file decryption, page-by-page decryption, and the cost of `decrypt(offset:count:)` on pages
/// already decrypted (the reader's hot path).
enum EncryptionBenchmark {
    static let key = Data((0..<64).map { UInt8($0) })

    static func run(fixtures: URL, repetitions: Int = 7) throws {
        let encrypted = fixtures.appendingPathComponent("medium_encrypted.v24.realm")
        let plain = fixtures.appendingPathComponent("medium.v24.realm")

        let plainRead = try median(repetitions) {
            let data = try Data(contentsOf: plain)
            precondition(data.count == 11_010_048)
        }
        let wholeFile = try median(repetitions) {
            let loader = try EncryptedPageLoader(url: encrypted, key: key)
            try loader.decrypt(offset: 0, count: loader.logicalSize)
        }
        let pageByPage = try median(repetitions) {
            let loader = try EncryptedPageLoader(url: encrypted, key: key)
            for page in 0..<(loader.logicalSize / 4096) { try loader.decrypt(offset: page * 4096 + 8, count: 16) }
        }
        let loader = try EncryptedPageLoader(url: encrypted, key: key)
        try loader.decrypt(offset: 0, count: loader.logicalSize)
        let calls = 1_000_000
        let hotPath = try median(repetitions) {
            for call in 0..<calls {
                try loader.decrypt(offset: (call &* 4104) % (loader.logicalSize - 64), count: 24)
            }
        }

        let megabytes = Double(loader.logicalSize) / 1_048_576
        print(
            "encryption: medium_encrypted.v24.realm, \(loader.logicalSize) bytes decrypted, medians of \(repetitions)")
        print(String(format: "  plain read (Data(contentsOf:) of medium.v24.realm)  %8.2f ms", plainRead * 1000))
        print(
            String(
                format: "  decrypt whole file (one decrypt call)            %8.2f ms  %6.0f MB/s  %.2fx plain read",
                wholeFile * 1000, megabytes / wholeFile, wholeFile / plainRead))
        print(
            String(
                format: "  decrypt page by page (2688 decrypt calls)        %8.2f ms  %6.0f MB/s  %.2fx plain read",
                pageByPage * 1000, megabytes / pageByPage, pageByPage / plainRead))
        print(
            String(
                format: "  decrypt call on loaded pages                     %8.1f ns/call",
                hotPath * 1e9 / Double(calls)))
    }

    private static func median(_ repetitions: Int, _ body: () throws -> Void) throws -> Double {
        var times: [Double] = []
        for _ in 0..<repetitions {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return times.sorted()[times.count / 2]
    }
}
