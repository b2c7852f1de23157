import TestSupport

/// Random NSPredicate-like formats built from Realm query pieces and random bytes (seeded, so failures replay).
enum FuzzedFormats {
    static let pieces = [
        "age", "name", "owner", ".", "dogs", "@count", "@sum", "@max", "friends", "tags", "weight", " ", "(", ")",
        "{", "}", ",", "==", "=", "!=", "<>", "<", "<=", ">", ">=", "AND", "OR", "NOT", "&&", "||", "!", "ANY", "ALL",
        "NONE", "SOME", "IN", "BETWEEN", "BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "[c]", "[cd]", "[", "]",
        "'a'", "\"b\"", "'", "\"", "\\", "3", "-2.5", "0x1F", "1e3", "%@", "%K", "%", "nil", "NULL", "TRUE", "NO",
        "TRUEPREDICATE", "FALSEPREDICATE", "SUBQUERY(", "$d", "$", "T12:0", "2020-01-01@00:00:00", "oid(", "uuid(",
        "é", "\u{0}", "\n",
    ]

    static func make(seed: UInt64, count: Int, randomBytes: Bool = true) -> [String] {
        var random = SeededRandomNumberGenerator(seed: seed)
        return (0..<count).map { _ in
            var format = ""
            for _ in 0..<Int.random(in: 0...14, using: &random) {
                if randomBytes, Int.random(in: 0..<10, using: &random) == 0 {
                    format += String(UnicodeScalar(UInt8.random(in: 0...127, using: &random)))
                } else {
                    format += pieces.randomElement(using: &random) ?? ""
                }
                if Bool.random(using: &random) { format += " " }
            }
            return format
        }
    }

    /// Realm-syntax structured formats over the test models' properties, most of them valid: many convert. At most
    /// two comparisons each (type-checking `#Predicate` grows quickly with the expression's size).
    static func structured(seed: UInt64, count: Int) -> [String] {
        var random = SeededRandomNumberGenerator(seed: seed)
        let comparisons = [
            "age > 3", "age == 2", "3 <= age", "weight < 4.5", "weight == nil", "name BEGINSWITH 'R'",
            "name CONTAINS 'x'", "name LIKE '*a*'", "owner.name == 'Ann'", "owner.age >= 30",
            "owner.address.city != 'Oslo'",
            "ANY friends.age > 2", "ALL friends.weight > 1.5", "NONE friends.owner.name BEGINSWITH 'R'",
            "friends.@count == 1",
            "tags.@count > 0", "'old' IN tags", "ANY scores >= 50", "scores.@max < 3", "size == 3",
            "age BETWEEN {1, 4}",
            "name IN {'Rex', 'Max'}", "owner == nil", "ANY owners.name == 'Zoe'", "born > T100:0",
            "SUBQUERY(friends, $f, $f.age > 1 AND $f.name CONTAINS 'e').@count >= 1", "chip != nil", "TRUEPREDICATE",
        ]
        return (0..<count).map { _ in
            var format = comparisons.randomElement(using: &random) ?? "age > 1"
            for _ in 0..<Int.random(in: 0...1, using: &random) {
                let joiner = ["AND", "OR", "&&", "||"].randomElement(using: &random) ?? "AND"
                let next = comparisons.randomElement(using: &random) ?? "age > 1"
                format =
                    Bool.random(using: &random) ? "(\(format)) \(joiner) NOT (\(next))" : "\(format) \(joiner) \(next)"
            }
            return format
        }
    }
}
