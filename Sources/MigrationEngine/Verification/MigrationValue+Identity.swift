import Foundation

extension MigrationValue {
    /// Whether `self` and `other` are the same value bit for bit: exactly when their ``ValueEncoding`` bytes are
    /// equal, without encoding them. Floating-point values compare by bit pattern (so NaN equals a NaN with the same
    /// payload, and -0 differs from +0), strings and dictionary keys by their UTF-8 bytes (not by Unicode
    /// equivalence), a list never equals a set, and collections compare element by element in order.
    func isIdentical(to other: MigrationValue) -> Bool {
        switch (self, other) {
        case (.null, .null): true
        case (.int(let a), .int(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.float(let a), .float(let b)): a.bitPattern == b.bitPattern
        case (.double(let a), .double(let b)): a.bitPattern == b.bitPattern
        case (.string(let a), .string(let b)): a.hasSameUTF8(as: b)
        case (.data(let a), .data(let b)): a == b
        case (.date(let aSeconds, let aNanoseconds), .date(let bSeconds, let bNanoseconds)):
            aSeconds == bSeconds && aNanoseconds == bNanoseconds
        case (.decimal128(let aLow, let aHigh), .decimal128(let bLow, let bHigh)): aLow == bLow && aHigh == bHigh
        case (.objectId(let aLeading, let aTrailing), .objectId(let bLeading, let bTrailing)):
            aLeading == bLeading && aTrailing == bTrailing
        case (.uuid(let a), .uuid(let b)): a == b
        case (.link(let a), .link(let b)): a.key == b.key && a.className.hasSameUTF8(as: b.className)
        case (.list(let a), .list(let b)), (.set(let a), .set(let b)): a.isIdentical(to: b)
        case (.dictionary(let a), .dictionary(let b)):
            a.count == b.count
                && zip(a, b).allSatisfy { $0.key.hasSameUTF8(as: $1.key) && $0.value.isIdentical(to: $1.value) }
        default: false
        }
    }
}

extension Array where Element == MigrationValue {
    /// Whether both arrays have the same length and identical values at every index (see
    /// ``MigrationValue/isIdentical(to:)``).
    func isIdentical(to other: [MigrationValue]) -> Bool {
        count == other.count && zip(self, other).allSatisfy { $0.isIdentical(to: $1) }
    }
}

extension String {
    /// Whether both strings hold the same UTF-8 bytes (`==` would also accept canonically equivalent strings).
    func hasSameUTF8(as other: String) -> Bool {
        var lhs = self
        var rhs = other
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                guard left.count == right.count else { return false }
                guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }
                return memcmp(leftBase, rightBase, left.count) == 0
            }
        }
    }
}
