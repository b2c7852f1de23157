/// A Realm query condition, read from an NSPredicate format string or from a type-safe `where { }` closure: both
/// front ends produce this tree, and one emitter turns it into a `#Predicate` body.
indirect enum QueryNode: Sendable, Hashable {
    /// `TRUEPREDICATE` / `FALSEPREDICATE`, `true` / `false`.
    case constant(Bool)
    case and(QueryNode, QueryNode)
    case or(QueryNode, QueryNode)
    case not(QueryNode)
    /// `lhs op rhs`, with the string options (`[c]`, `[d]`) and the collection quantifier (`ANY`, `ALL`, `NONE`).
    case comparison(Comparison)
    /// `value BETWEEN {lower, upper}` (both bounds included).
    case between(QueryOperand, lower: QueryOperand, upper: QueryOperand, offset: Int)
}

/// One comparison of a query.
struct Comparison: Sendable, Hashable {
    var lhs: QueryOperand
    var op: ComparisonOperator
    var rhs: QueryOperand
    var options: StringOptions = StringOptions()
    var quantifier: Quantifier?
    /// Where the comparison starts in the query text (the format string or the closure).
    var offset: Int
}

/// The operators of Realm's query language (NSPredicate syntax and the type-safe query API).
enum ComparisonOperator: String, Sendable, Hashable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    case contains = "CONTAINS"
    case like = "LIKE"
    /// `value IN collection`.
    case `in` = "IN"
    /// The type-safe API's `contains(_:)`: a substring test on a string, membership in a collection of values.
    case containsValue = "contains"

    /// The operator with its operands swapped (`3 < age` is `age > 3`); `nil` when it has no mirror image.
    var mirrored: ComparisonOperator? {
        switch self {
        case .equal, .notEqual: self
        case .less: .greater
        case .lessOrEqual: .greaterOrEqual
        case .greater: .less
        case .greaterOrEqual: .lessOrEqual
        case .beginsWith, .endsWith, .contains, .like, .in, .containsValue: nil
        }
    }

    /// Whether it orders values (`<`, `<=`, `>`, `>=`).
    var isOrdering: Bool { self == .less || self == .lessOrEqual || self == .greater || self == .greaterOrEqual }
}

/// `[c]`, `[d]`, `[cd]` (`options: [.caseInsensitive, .diacriticInsensitive]` in the type-safe API).
struct StringOptions: Sendable, Hashable {
    var caseInsensitive = false
    var diacriticInsensitive = false
    var isEmpty: Bool { !caseInsensitive && !diacriticInsensitive }
    var text: String { isEmpty ? "" : "[" + (caseInsensitive ? "c" : "") + (diacriticInsensitive ? "d" : "") + "]" }
}

/// `ANY`, `ALL`, `NONE` before a key path through a to-many relationship (or a list of values).
enum Quantifier: String, Sendable, Hashable {
    case any = "ANY"
    case all = "ALL"
    /// `NONE` (named so it is never confused with `Optional.none`).
    case noElement = "NONE"
}

/// The collection operators after a to-many key path (`dogs.@count`, `dogs.@sum.age`).
enum CollectionOperator: String, Sendable, Hashable {
    case count = "@count"
    case sum = "@sum"
    case avg = "@avg"
    case min = "@min"
    case max = "@max"
}

/// One side of a comparison.
indirect enum QueryOperand: Sendable, Hashable {
    /// A key path from the queried object (`owner.name`) or, with `variable`, from a `SUBQUERY` variable (`$d.age`).
    case keyPath(KeyPathReference)
    /// `path.@count`, `path.@sum.property`…
    case aggregate(KeyPathReference, CollectionOperator, property: [String])
    /// `SUBQUERY(collection, $x, condition).@count`.
    case subqueryCount(collection: KeyPathReference, variable: String, condition: QueryNode)
    /// A literal written in the query.
    case literal(QueryLiteral)
    /// A Swift value from outside the query: a `%@` argument or a value the closure captures, as source text.
    case swiftValue(String)
    /// `{a, b, c}` in a format string, or an array literal in a closure.
    case list([QueryOperand])
}

/// A key path in a query.
struct KeyPathReference: Sendable, Hashable {
    /// The `SUBQUERY` variable it starts from (`$d`), `nil` for the queried object.
    var variable: String?
    /// The property names, Realm's spelling.
    var components: [String]
    /// Where it starts in the query text.
    var offset: Int
    /// Whether it comes from a `where { }` closure, where a last `count`, `sum`, `avg`, `min` or `max` after a
    /// collection is its collection operator (`$0.dogs.count`).
    var isTypeSafe = false
}

/// A literal value in a query.
enum QueryLiteral: Sendable, Hashable {
    case string(String)
    /// An integer literal as written (decimal digits, maybe signed).
    case integer(String)
    /// A floating-point literal as written.
    case float(String)
    case bool(Bool)
    case null
    /// A timestamp: seconds and nanoseconds since 1970 (`T1613842215:0`, `2021-02-20@17:30:15:0`).
    case date(seconds: Int64, nanoseconds: Int32)
    /// `oid(…)`: an ObjectId's 24 hex digits.
    case objectId(String)
    /// `uuid(…)`.
    case uuid(String)
}
