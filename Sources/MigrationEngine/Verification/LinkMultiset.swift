/// An order-independent summary of a multiset of (target, origin) link pairs: the count and two 64-bit sums of
/// independently mixed pair hashes. Two multisets with equal summaries are equal with overwhelming probability.
struct LinkMultiset: Hashable {
    private(set) var count = 0
    private var sumA: UInt64 = 0
    private var sumB: UInt64 = 0

    mutating func insert(target: Int64, origin: Int64) {
        count += 1
        let t = UInt64(bitPattern: target)
        let o = UInt64(bitPattern: origin)
        sumA &+= Self.mix(t &* 0x9E37_79B9_7F4A_7C15 ^ Self.mix(o ^ 0x243F_6A88_85A3_08D3))
        sumB &+= Self.mix(o &* 0xC2B2_AE3D_27D4_EB4F ^ Self.mix(t ^ 0x1319_8A2E_0370_7344))
    }

    /// The splitmix64 finaliser.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Names one relationship: links of `originClass.originField` into `targetClass`.
struct RelationshipName: Hashable, Comparable {
    var originClass: String
    var originField: String
    var targetClass: String

    static func < (lhs: RelationshipName, rhs: RelationshipName) -> Bool {
        (lhs.originClass, lhs.originField, lhs.targetClass) < (rhs.originClass, rhs.originField, rhs.targetClass)
    }
}
