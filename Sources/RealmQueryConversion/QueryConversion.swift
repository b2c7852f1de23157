/// What one Realm query chain becomes in SwiftData: a `FetchDescriptor` with a `#Predicate` and `SortDescriptor`s
/// and the call that runs it, or the reasons it cannot be converted and what to do instead.
public struct QueryConversion: Sendable, Hashable, Codable {
    /// Whether the query was converted.
    public enum Outcome: String, Sendable, Hashable, Codable {
        /// `code` runs the same query with SwiftData (see `notes` for differences that remain).
        case converted
        /// Some part has no SwiftData equivalent; `problems` says which and what to do, and `code`, when present,
        /// fetches with the parts that convert (filter the rest in Swift as each problem says).
        case notConvertible
    }

    /// How the query's result is read.
    public enum Execution: String, Sendable, Hashable, Codable {
        /// `try context.fetch(descriptor)`: the models.
        case fetch
        /// `.first` (or `.last`, with the sort reversed): `fetchLimit = 1`, then `.first`.
        case first
        /// `.count`: `try context.fetchCount(descriptor)`.
        case count
        /// `.isEmpty`: `try context.fetchCount(descriptor) == 0`.
        case isEmpty
    }

    /// One part of the query that cannot be converted.
    public struct Problem: Sendable, Hashable, Codable {
        /// What cannot be expressed, and why.
        public var message: String
        /// The UTF-8 byte offset in the query chain's source text where the part starts, when known.
        public var offset: Int?
        /// What to do instead.
        public var instead: String

        /// Creates a problem (for callers that know more about the query than its text, such as the audit).
        public init(message: String, offset: Int?, instead: String) {
            self.message = message
            self.offset = offset
            self.instead = instead
        }
    }

    public var outcome: Outcome
    /// The Realm class queried.
    public var realmClass: String?
    /// The generated model type (`FetchDescriptor<modelType>`).
    public var modelType: String?
    /// The `let`s bound before the predicate: `%@` arguments and captured values, typed as the properties.
    public var bindings: [String]
    /// The `#Predicate<T> { … }` expression, when the query filters.
    public var predicate: String?
    /// The `SortDescriptor(…)` expressions, in order.
    public var sortDescriptors: [String]
    /// `1` for `.first`/`.last`.
    public var fetchLimit: Int?
    public var execution: Execution
    /// Swift run on the fetched models before the result is read (`distinct(by:)` becomes a filter).
    public var afterFetch: String?
    /// The whole Swift snippet: bindings, the descriptor, the fetch; its result is in ``resultName``.
    public var code: String?
    /// The name of the `let` the snippet's result is in.
    public var resultName: String
    /// Semantic differences between the Realm query and the converted one that remain (never silent).
    public var notes: [String]
    /// Why the query (or part of it) cannot be converted.
    public var problems: [Problem]
}
