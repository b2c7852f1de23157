import Foundation
import RealmFile
import TestSupport
import Testing

@testable import RealmExport

/// A table written on several threads (each reading its own share of the clusters) gives the document one thread
/// writes, byte for byte, in every mode; and when the file is damaged, the same bytes up to the same error.
@Suite struct SharedTableExportTests {
    /// Files whose big tables span many clusters (`clusters.*`: 4,286 objects; `medium`: 100,000 tracks and 1,000
    /// albums of 100 links each).
    static let files = ["clusters.v24.realm", "clusters.v20.realm", "clusters.v11.realm", "medium.v24.realm"]

    private func document(_ source: any ExportSource, _ mode: EngineJSONExporter.Mode, threads: Int) -> (
        bytes: [UInt8], error: String?
    ) {
        let destination = MemoryDestination()
        let output = OutputBuffer(destination: destination)
        var failure: String?
        do {
            try EngineJSONExporter(source: source, mode: mode, output: output, threads: threads).writeDocument()
        } catch {
            failure = String(describing: error)
            try? output.flush()
        }
        return (destination.bytes, failure)
    }

    @Test(arguments: files)
    func sharedWritingGivesTheOneThreadDocument(_ name: String) throws {
        let file = try RealmFileReader(url: Fixtures.realm(name))
        let exporter = EngineJSONExporter(
            source: file, mode: .json, output: OutputBuffer(destination: MemoryDestination()), threads: 3)
        let big = try #require(file.tables.max { $0.objectCount < $1.objectCount })
        #expect(try exporter.prepareSharedWriting(of: exporter.layout(for: big)), "\(name): \(big.name) not shared")
        for mode in [EngineJSONExporter.Mode.json, .xjson, .xjsonPlus] {
            let alone = document(file, mode, threads: 1)
            #expect(alone.error == nil && alone.bytes.count > 100_000)
            for threads in [2, 3, 4] {
                let shared = document(file, mode, threads: threads)
                #expect(shared.error == nil)
                let same = shared.bytes == alone.bytes
                #expect(
                    same,
                    "\(name) \(mode) on \(threads) threads: \(differenceSummary(shared.bytes, alone.bytes))")
            }
        }
    }

    /// Seeded byte flips (20–59) past the header of the file: the shared document stops with the error a single
    /// reader meets first, after the same bytes.
    @Test func aDamagedFileStopsAtTheSameErrorAfterTheSameBytes() throws {
        let original = try Data(contentsOf: Fixtures.realm("clusters.v24.realm"))
        var random = SeededRandomNumberGenerator.replayable("SharedTableExportTests.damaged")
        var failures = 0
        for _ in 0..<60 {
            var data = original
            for _ in 0..<(20 + Int(random.next() % 40)) {
                let position = 4_096 + Int(random.next() % UInt64(data.count - 4_096))
                data[position] ^= UInt8(truncatingIfNeeded: random.next() | 1)
            }
            guard let file = try? RealmFileReader(data: data) else { continue }
            let alone = document(file, .json, threads: 1)
            let shared = document(file, .json, threads: 3)
            if alone.error != nil { failures += 1 }
            #expect(shared.error == alone.error)
            let same = shared.bytes == alone.bytes
            #expect(same, "\(differenceSummary(shared.bytes, alone.bytes))")
        }
        #expect(failures > 15)
    }

    /// Where two documents first differ, with a little of each around it.
    private func differenceSummary(_ shared: [UInt8], _ alone: [UInt8]) -> String {
        let common = min(shared.count, alone.count)
        let index = (0..<common).first { shared[$0] != alone[$0] } ?? common
        let window = { (bytes: [UInt8]) in
            String(decoding: bytes[max(0, index - 40)..<min(bytes.count, index + 40)], as: UTF8.self)
        }
        return "\(shared.count) bytes shared, \(alone.count) alone, first difference at \(index): "
            + "shared …\(window(shared))… alone …\(window(alone))…"
    }
}
