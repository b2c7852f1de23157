/// A point in time as Realm stores it: whole seconds since 1970 plus nanoseconds (same sign as seconds).
public struct Timestamp: Hashable, Sendable {
    public var seconds: Int64
    public var nanoseconds: Int32
    public init(seconds: Int64, nanoseconds: Int32) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }
}
