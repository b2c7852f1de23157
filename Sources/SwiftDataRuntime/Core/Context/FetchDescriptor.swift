import Foundation

/// A type that describes the criteria, sort order, and any additional configuration to use when performing a fetch.
///
/// Predicates that compare stored scalar attributes with constants (`==`, `!=`, `<`, `<=`, `>`, `>=`), conjunctions
/// of those and `constants.contains($0.attribute)` run as SQL, as do sorts on scalar attributes and
/// ``fetchLimit``/``fetchOffset``; any other predicate is evaluated on the loaded models.
/// ``propertiesToFetch`` and ``relationshipKeyPathsForPrefetching`` are accepted and ignored (every attribute is
/// loaded; relationships are loaded lazily on access).
public struct FetchDescriptor<T: PersistentModel> {
    /// The logical condition for filtering the models.
    public var predicate: Predicate<T>?
    /// The sort order of the results.
    public var sortBy: [SortDescriptor<T>]
    /// The maximum number of models to fetch.
    public var fetchLimit: Int?
    /// The number of models to skip.
    public var fetchOffset: Int?
    /// Whether the fetch includes the context's unsaved inserts, changes and deletes (default `true`).
    public var includePendingChanges: Bool = true
    /// The attributes to fetch (ignored: all are fetched).
    public var propertiesToFetch: [PartialKeyPath<T>] = []
    /// Relationships to prefetch (ignored: relationships load on access).
    public var relationshipKeyPathsForPrefetching: [PartialKeyPath<T>] = []

    /// Creates a fetch descriptor.
    public init(predicate: Predicate<T>? = nil, sortBy: [SortDescriptor<T>] = []) {
        self.predicate = predicate
        self.sortBy = sortBy
    }
}
