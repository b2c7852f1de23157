import Foundation
import RealmFile

/// A 12-byte BSON ObjectId, as RealmSwift's `ObjectId` gives it to a migration block.
public struct ObjectId: Hashable, Sendable, CustomStringConvertible {
    /// The ObjectId's bytes as the file stores them.
    public let stored: StoredObjectId

    /// Wraps stored bytes.
    public init(stored: StoredObjectId) {
        self.stored = stored
    }

    /// The ObjectId spelled by 24 hexadecimal digits; throws ``SchemaUpgradeError/invalidMigration(_:)`` otherwise.
    public init(string: String) throws(SchemaUpgradeError) {
        let digits = Array(string.utf8)
        guard digits.count == 24 else { throw .invalidMigration("Invalid ObjectId string '\(string)'.") }
        var bytes: [UInt8] = []
        for pair in stride(from: 0, to: 24, by: 2) {
            guard let high = Self.nibble(digits[pair]), let low = Self.nibble(digits[pair + 1]) else {
                throw .invalidMigration("Invalid ObjectId string '\(string)'.")
            }
            bytes.append(high << 4 | low)
        }
        guard let stored = StoredObjectId(bytes: bytes) else {
            throw .invalidMigration("Invalid ObjectId string '\(string)'.")
        }
        self.stored = stored
    }

    /// A new ObjectId: the current time in seconds, then random bytes.
    public static func generate() -> ObjectId {
        let seconds = UInt64(UInt32(truncatingIfNeeded: Int(Date().timeIntervalSince1970)))
        let random = UInt64.random(in: 0...UInt64(UInt32.max))
        return ObjectId(
            stored: StoredObjectId(
                leading: seconds << 32 | random, trailing: UInt32.random(in: 0...UInt32.max)))
    }

    /// The 24 lower-case hexadecimal digits.
    public var stringValue: String { stored.description }
    public var description: String { stringValue }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// An IEEE 754-2008 decimal128, as RealmSwift's `Decimal128` gives it to a migration block.
public struct Decimal128: Hashable, Sendable, CustomStringConvertible {
    /// The decimal as the file stores it.
    public let stored: StoredDecimal128

    /// Wraps a stored decimal.
    public init(stored: StoredDecimal128) {
        self.stored = stored
    }

    /// The decimal spelled by `string` (`12.5`, `-3E-7`, `NaN`, `Inf`); throws otherwise.
    public init(string: String) throws(SchemaUpgradeError) {
        guard let stored = StoredDecimal128(scientificText: string) else {
            throw .invalidMigration("Invalid Decimal128 string '\(string)'.")
        }
        self.stored = stored
    }

    /// The decimal `value` (exact for integers).
    public init(value: Int) {
        stored =
            StoredDecimal128(scientificText: String(value)) ?? StoredDecimal128(low: 0, high: 0x3040_0000_0000_0000)
    }

    /// The decimal in the scientific form realm-core prints (`12.5`, `1.25E+30`).
    public var stringValue: String { stored.scientificText }
    public var description: String { stringValue }
}
