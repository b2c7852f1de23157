import Testing

@testable import RealmFile

/// The IV-table entry rules from realm-core's `AESCryptor::write` (v6 to v20): copy `iv1`/`hmac1` to `iv2`/`hmac2`,
/// then `iv1 += 1`, skipping 0.
@Suite struct IVTableEntryTests {
    private func entry(iv1: UInt32, hmac1: UInt8, iv2: UInt32, hmac2: UInt8) -> IVTableEntry {
        func le(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let bytes =
            le(iv1) + [UInt8](repeating: hmac1, count: 28) + le(iv2) + [UInt8](repeating: hmac2, count: 28)
        return IVTableEntry(tablePage: [0, 0] + bytes, offset: 2)
    }

    @Test func entriesTheEngineWrites() {
        #expect(entry(iv1: 0, hmac1: 0, iv2: 0, hmac2: 0).problem == nil)  // never written
        #expect(entry(iv1: 0, hmac1: 0, iv2: 0, hmac2: 0).isNeverWritten)
        #expect(entry(iv1: 1, hmac1: 7, iv2: 0, hmac2: 0).problem == nil)  // first write
        #expect(entry(iv1: 17, hmac1: 7, iv2: 16, hmac2: 9).problem == nil)  // rewritten
        #expect(entry(iv1: 1, hmac1: 7, iv2: .max, hmac2: 9).problem == nil)  // counter wrapped past 0
    }

    @Test func entriesTheEngineNeverWrites() {
        #expect(entry(iv1: 0, hmac1: 3, iv2: 0, hmac2: 0).problem == .zeroIVWithOtherFields)
        #expect(entry(iv1: 0, hmac1: 0, iv2: 5, hmac2: 0).problem == .zeroIVWithOtherFields)
        #expect(entry(iv1: 9, hmac1: 7, iv2: 7, hmac2: 1).problem == .countersOutOfStep(iv1: 9, iv2: 7))
        #expect(entry(iv1: 5, hmac1: 7, iv2: 5, hmac2: 1).problem == .countersOutOfStep(iv1: 5, iv2: 5))
        #expect(
            entry(iv1: 0x4000_0001, hmac1: 7, iv2: 0, hmac2: 0).problem == .countersOutOfStep(iv1: 0x4000_0001, iv2: 0))
        #expect(entry(iv1: 1, hmac1: 7, iv2: 0, hmac2: 2).problem == .backupMACWithoutIV)
    }

    @Test func fieldsAreLittleEndian() {
        let value = entry(iv1: 0x0403_0201, hmac1: 0xAA, iv2: 0x0403_0200, hmac2: 0xBB)
        #expect(value.iv1 == 0x0403_0201 && value.iv2 == 0x0403_0200)
        #expect(value.hmac1 == [UInt8](repeating: 0xAA, count: 28))
        #expect(value.hmac2 == [UInt8](repeating: 0xBB, count: 28))
    }
}
