import Foundation
import RealmExport
import RealmFile

/// `encryption [--runs N]`: `medium_encrypted.v24.realm` (11 MB decrypted, 2 688 data pages) against its plain
/// twin `medium.v24.realm` (same content): reading every object of both with `RealmFileReader` and exporting both as
/// realm2json-style JSON (goal: encrypted ≤ 1.5× plain), the two files' digests compared with each other and with
/// `medium.v24.digest.json`, plus the loader alone — whole-file and page-by-page decryption, and a call on pages
/// already decrypted (the reader's hot path).
enum EncryptionBenchmark {
    static let key = Data((0..<64).map { UInt8($0) })

    static func run(_ arguments: [String]) throws {
        var runs = 5
        if let index = arguments.firstIndex(of: "--runs"), index + 1 < arguments.count,
            let count = Int(arguments[index + 1]), count > 0
        {
            runs = count
        }
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/fixtures/realm")
        let encrypted = fixtures.appendingPathComponent("medium_encrypted.v24.realm")
        let plain = fixtures.appendingPathComponent("medium.v24.realm")

        // Plain and encrypted runs alternate so that load from other processes hits both alike.
        var plainObjects = 0
        var encryptedObjects = 0
        let read = try alternating(runs) {
            plainObjects = try readAll(plain, key: nil)
        } encrypted: {
            encryptedObjects = try readAll(encrypted, key: key)
        }
        var plainExportBytes: Int64 = 0
        var encryptedExportBytes: Int64 = 0
        let export = try alternating(runs) {
            plainExportBytes = try exportJSON(plain, key: nil)
        } encrypted: {
            encryptedExportBytes = try exportJSON(encrypted, key: key)
        }

        let plainDigest = try RealmDigest.jsonText(RealmFileReader(url: plain, encryptionKey: nil))
        let encryptedDigest = try RealmDigest.jsonText(RealmFileReader(url: encrypted, encryptionKey: key))
        let fixtureDigest = try Data(contentsOf: fixtures.appendingPathComponent("medium.v24.digest.json"))
        let digestsMatch = encryptedDigest == plainDigest
        let digestMatchesFixture = try normalizedJSON(fixtureDigest) == normalizedJSON(Data(encryptedDigest.utf8))
        precondition(plainObjects == encryptedObjects, "the twins hold different numbers of objects")

        let wholeFile = try median(runs) {
            let loader = try EncryptedPageLoader(url: encrypted, key: key)
            try loader.decrypt(offset: 0, count: loader.logicalSize)
        }
        let pageByPage = try median(runs) {
            let loader = try EncryptedPageLoader(url: encrypted, key: key)
            for page in 0..<(loader.logicalSize / 4096) { try loader.decrypt(offset: page * 4096 + 8, count: 16) }
        }
        let loader = try EncryptedPageLoader(url: encrypted, key: key)
        try loader.decrypt(offset: 0, count: loader.logicalSize)
        let calls = 1_000_000
        let hotPath = try median(runs) {
            for call in 0..<calls { try loader.decrypt(offset: (call &* 4104) % (loader.logicalSize - 64), count: 24) }
        }

        let megabytes = Double(loader.logicalSize) / 1_048_576
        print("encryption: medium_encrypted.v24.realm vs medium.v24.realm, medians of \(runs) runs")
        print("  read all \(plainObjects) objects: \(read.text)")
        print("  export as JSON (\(plainExportBytes) bytes, \(encryptedExportBytes) encrypted): \(export.text)")
        print(
            "  digest: encrypted equals plain: \(digestsMatch), equals medium.v24.digest.json: \(digestMatchesFixture)")
        print(
            String(
                format: "  loader: decrypt whole file           %8.1f ms  (%.0f MB/s)", wholeFile * 1000,
                megabytes / wholeFile))
        print(
            String(
                format: "  loader: decrypt page by page         %8.1f ms  (%.0f MB/s)", pageByPage * 1000,
                megabytes / pageByPage))
        print(String(format: "  loader: call on decrypted pages      %8.1f ns", hotPath * 1e9 / Double(calls)))
        print(String(format: "  peak RSS %.1f MB", RealmReadBenchmark.peakResidentMegabytes()))
    }

    /// JSON text re-serialised with sorted keys, so that documents compare by content.
    private static func normalizedJSON(_ data: Data) throws -> Data {
        try JSONSerialization.data(
            withJSONObject: JSONSerialization.jsonObject(with: data), options: [.sortedKeys, .withoutEscapingSlashes])
    }

    /// Exports the file as realm2json-style JSON (mode 0) into a byte counter; returns the number of bytes.
    static func exportJSON(_ url: URL, key: Data?) throws -> Int64 {
        let output = OutputBuffer(destination: ByteCounter(), capacity: 1 << 18)
        try EngineJSONExporter(source: RealmFileReader(url: url, encryptionKey: key), mode: .json, output: output)
            .writeDocument()
        try output.flush()
        return output.totalBytes
    }

    /// Reads every value of every object; returns the number of objects.
    static func readAll(_ url: URL, key: Data?) throws -> Int {
        let realm = try RealmFileReader(url: url, encryptionKey: key)
        var objects = 0
        for table in realm.tables {
            var cursor = realm.objects(in: table)
            while try cursor.next() != nil { objects += 1 }
        }
        return objects
    }

    /// Wall and CPU medians of plain and encrypted runs, alternated.
    private struct Comparison {
        var plainWall: Double, plainCPU: Double, encryptedWall: Double, encryptedCPU: Double

        var text: String {
            String(
                format: "plain %.1f ms wall / %.1f ms CPU, encrypted %.1f ms wall / %.1f ms CPU -> %.2fx wall, "
                    + "%.2fx CPU (goal <= 1.5x)", plainWall * 1000, plainCPU * 1000, encryptedWall * 1000,
                encryptedCPU * 1000, encryptedWall / plainWall, encryptedCPU / plainCPU)
        }
    }

    private static func alternating(
        _ runs: Int, plain: () throws -> Void, encrypted: () throws -> Void
    ) throws -> Comparison {
        var plainTimes: [(wall: Double, cpu: Double)] = []
        var encryptedTimes: [(wall: Double, cpu: Double)] = []
        for _ in 0..<runs {
            plainTimes.append(try wallAndCPU(plain))
            encryptedTimes.append(try wallAndCPU(encrypted))
        }
        let middle = runs / 2
        return Comparison(
            plainWall: plainTimes.map(\.wall).sorted()[middle], plainCPU: plainTimes.map(\.cpu).sorted()[middle],
            encryptedWall: encryptedTimes.map(\.wall).sorted()[middle],
            encryptedCPU: encryptedTimes.map(\.cpu).sorted()[middle])
    }

    private static func wallAndCPU(_ body: () throws -> Void) throws -> (wall: Double, cpu: Double) {
        let cpuStart = MigrationBenchmark.processorSeconds(children: false)
        let wall = try time(body)
        return (wall, MigrationBenchmark.processorSeconds(children: false) - cpuStart)
    }

    private static func median(_ runs: Int, _ body: () throws -> Void) throws -> Double {
        var times: [Double] = []
        for _ in 0..<runs { times.append(try time(body)) }
        return times.sorted()[times.count / 2]
    }

    private static func time(_ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}

/// A destination that only counts what it is given.
private final class ByteCounter: ByteDestination {
    private(set) var count = 0
    func write(_ bytes: UnsafeRawBufferPointer) throws { count += bytes.count }
}
