/// A point in time as Realm stores it: whole seconds since 1970 plus nanoseconds (same sign as seconds).
public struct StoredTimestamp: Hashable, Sendable {
    /// Whole seconds since 1970-01-01 00:00:00 UTC.
    public var seconds: Int64
    /// Nanoseconds within the second, with the same sign as `seconds`.
    public var nanoseconds: Int32
    /// Creates a timestamp from its stored parts.
    public init(seconds: Int64, nanoseconds: Int32) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }
}
