/// Why a migration stopped.
public enum MigrationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The destination was written from a different source; it is left untouched.
    case destinationFromAnotherSource(expected: String, found: String)
    /// The destination's recorded schema differs from the source's.
    case destinationSchemaMismatch(String)
    /// The destination holds data the engine did not write.
    case destinationNotEmpty(String)
    /// A record does not fit its class (wrong number of values, a value of the wrong type).
    case invalidRecord(className: String, key: Int64, reason: String)
    /// A source returned keys out of ascending order, so batches could not be resumed safely.
    case keysOutOfOrder(className: String, previous: Int64, next: Int64)
    /// Bytes of an encoded value were malformed (offset within the encoding).
    case malformedEncoding(offset: Int, reason: String)

    public var description: String {
        switch self {
        case .destinationFromAnotherSource(let expected, let found):
            "The destination was written from another source (its source fingerprint is \(found), this source's is \(expected)); refusing to mix them."
        case .destinationSchemaMismatch(let detail):
            "The destination's schema does not match the source: \(detail)."
        case .destinationNotEmpty(let detail):
            "The destination is not a Carryover migration destination: \(detail)."
        case .invalidRecord(let className, let key, let reason):
            "Invalid record \(className)[\(key)]: \(reason)."
        case .keysOutOfOrder(let className, let previous, let next):
            "Source listed \(className) key \(next) after \(previous); keys must ascend."
        case .malformedEncoding(let offset, let reason):
            "Malformed value encoding at byte \(offset): \(reason)."
        }
    }
}
