import Foundation
import RealmFile
import TestSupport
import Testing

@Suite("Files the reader refuses, with the reason")
struct FileErrorTests {
    private func error(opening url: URL) -> RealmFileError? {
        do {
            _ = try RealmFileReader(url: url)
            return nil
        } catch {
            return error
        }
    }

    private func error(reading data: Data) -> RealmFileError? {
        do {
            _ = try RealmFileReader(data: data)
            return nil
        } catch {
            return error
        }
    }

    @Test("Format 1 is unsupported, saying which formats are read")
    func formatOneIsUnsupported() throws {
        var data = try Data(contentsOf: Fixtures.realm("upstream/test_upgrade_database_1000_1.realm"))
        data[20] = 1
        data[21] = 1
        let failure = try #require(error(reading: data))
        guard case .unsupportedFileFormat(1, let advice) = failure.kind else {
            Issue.record("expected unsupportedFileFormat, got \(failure)")
            return
        }
        #expect(failure.offset == 20 + Int(data[23] & 1))
        #expect(advice.contains("reads formats 2–11 and 20–24"), "\(advice)")
        #expect(failure.description.contains("format 1"))
    }

    @Test("A cluster-layout file labelled with a column-oriented format is corrupt, not misread")
    func clusterFileLabelledOldIsCorrupt() throws {
        // Formats 2–9 are read with realm-core 5's layout (2-slot table tops, 3–5-slot specs): a format-11 file
        // relabelled 5 or 9 has 12-slot table tops and 6-slot specs, so reading it must stop at the first spec.
        for format in [5, 9] {
            var data = try Data(contentsOf: Fixtures.realm("music.v11.realm"))
            data[20] = UInt8(format)
            data[21] = UInt8(format)
            let failure = try #require(error(reading: data))
            #expect(failure.kind == .corruptNode, "format \(format): \(failure)")
            #expect(failure.offset != nil)
            #expect(failure.context.contains("format 2–9 table spec with 6 slots"), "\(failure)")
        }
    }

    @Test("A format-11 file holding a column type that only later formats have is corrupt, not misread")
    func laterColumnTypeInFormatElevenIsCorrupt() throws {
        // The format guide's worked example (§10): table "table" has a Mixed dictionary column "dict" (type 6), spec
        // at 0x90. In format 11, type 6 was the pre-cluster OldMixed, so the file claiming format 11 is corrupt.
        var data = try Data(contentsOf: Fixtures.realm("upstream/test_upgrade_database_1000_22.realm"))
        data[20] = 11
        let failure = try #require(error(reading: data))
        #expect(failure.kind == .corruptNode)
        #expect(failure.offset == 0x90)
        #expect(failure.table == "table")
        #expect(failure.context.contains("\"dict\" of type 6, which format 11 does not have"))
    }

    @Test("Format 25 (never released) is unsupported")
    func formatTwentyFiveIsUnsupported() throws {
        var data = try Data(contentsOf: Fixtures.realm("music.v24.realm"))
        data[20] = 25
        data[21] = 25
        let failure = try #require(error(reading: data))
        #expect(failure.kind == .unsupportedFileFormat(25, advice: FileErrorTests.adviceFor25(failure)))
    }

    private static func adviceFor25(_ error: RealmFileError) -> String {
        if case .unsupportedFileFormat(_, let advice) = error.kind { return advice }
        return ""
    }

    @Test(
        "Encrypted files are recognised as encrypted",
        arguments: [11, 20, 22, 23, 24].map { "music_encrypted.v\($0).realm" } + ["medium_encrypted.v24.realm"])
    func encryptedFilesAreReported(_ path: String) throws {
        let failure = try #require(error(opening: Fixtures.realm(path)))
        #expect(failure.kind == .encrypted)
        #expect(failure.offset == 16)
    }

    @Test("A missing file cannot be opened")
    func missingFile() throws {
        let failure = try #require(error(opening: URL(fileURLWithPath: "/nonexistent/carryover/missing.realm")))
        guard case .cannotOpen = failure.kind else {
            Issue.record("expected cannotOpen, got \(failure)")
            return
        }
    }

    @Test("Short files and files without the T-DB mnemonic have a bad header")
    func badHeaders() throws {
        #expect(error(reading: Data())?.kind == .badHeader)
        #expect(error(reading: Data(repeating: 0, count: 23))?.kind == .badHeader)
        var data = try Data(contentsOf: Fixtures.realm("upstream/test_upgrade_database_20.realm"))
        data[16] = UInt8(ascii: "X")
        #expect(error(reading: data)?.kind == .badHeader)
    }

    @Test("A file that was never written to has no tables")
    func emptyRealm() throws {
        var data = Data(repeating: 0, count: 24)
        data.replaceSubrange(16..<20, with: Array("T-DB".utf8))
        let realm = try RealmFileReader(data: data)
        #expect(realm.tables.isEmpty)
        #expect(realm.schema.objectTypes.isEmpty)
    }

    @Test("A top ref outside the file is a bad ref with its offset")
    func topRefOutsideTheFile() throws {
        var data = try Data(contentsOf: Fixtures.realm("music.v24.realm"))
        let select = Int(data[23] & 1)
        data.replaceSubrange(
            (select * 8)..<(select * 8 + 8), with: withUnsafeBytes(of: UInt64(1 << 40).littleEndian, Array.init))
        let failure = try #require(error(reading: data))
        #expect(failure.kind == .badRef)
        #expect(failure.offset == select * 8)
    }

    @Test("A cluster that refers to itself is reported as a cycle or corrupt node, not followed forever")
    func selfReferencingNode() throws {
        // The streaming format-22 file of the format guide's worked example: table "table" has its cluster at 0x278
        // whose slot 1 is the `id` leaf ref. Point slot 2 (the dictionary column leaf) at the cluster itself.
        var data = try Data(contentsOf: Fixtures.realm("upstream/test_upgrade_database_1000_22.realm"))
        data.replaceSubrange(0x284..<0x286, with: [0x78, 0x02])
        let realm = try RealmFileReader(data: data)
        let table = try #require(realm.table(named: "table"))
        var cursor = realm.objects(in: table)
        #expect(throws: RealmFileError.self) {
            while try cursor.next() != nil {}
        }
    }

    @Test("A leaf claiming millions of zero-width elements is rejected instead of materialised")
    func zeroWidthElementBomb() throws {
        // In the worked example file the set column's mixed leaf has its composite array at 0x1f0 (8 elements,
        // 16 bits each). Make it claim 16,777,215 elements of width 0: 8 header bytes would describe 16 M nulls.
        var data = try Data(contentsOf: Fixtures.realm("upstream/test_upgrade_database_1000_22.realm"))
        data.replaceSubrange(0x1F4..<0x1F8, with: [0x00, 0xFF, 0xFF, 0xFF])
        let realm = try RealmFileReader(data: data)
        let table = try #require(realm.table(named: "table"))
        var cursor = realm.objects(in: table)
        let failure = #expect(throws: RealmFileError.self) { _ = try cursor.next() }
        #expect(failure?.kind == .corruptNode)
        #expect(failure?.offset == 0x1F0)
        #expect(failure?.table == "table")
        #expect(failure?.column == "set")
    }
}
