/// An error the runtime throws: what failed, with the store's message and SQL when the store failed.
public struct SwiftDataError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure.
    public enum Kind: String, Sendable, Hashable {
        /// The SQLite store failed (I/O, corruption, constraint).
        case storeFailure
        /// ``ModelConfiguration/allowsSave`` is false.
        case saveNotAllowed
        /// A deleted model's `.deny` relationship still holds models.
        case deleteDenied
        /// A stored value does not decode as its property's type.
        case decodingFailed
        /// A value does not match its property's type.
        case valueMismatch
        /// A model's class is not in the container's schema.
        case unknownEntity
        /// A non-optional to-one relationship lost its model (the related model was deleted and nullified).
        case missingRelationship
    }

    /// What kind of failure.
    public var kind: Kind
    /// What failed, in words.
    public var message: String
    /// The SQL being run, if the store failed (bound values are never recorded: they are user data).
    public var sql: String?

    /// `SwiftDataError(kind): message (while running: sql)`.
    public var description: String {
        var text = "SwiftDataError(\(kind.rawValue)): \(message)"
        if let sql { text += " (while running: \(sql))" }
        return text
    }

    static func store(message: String, sql: String?) -> SwiftDataError {
        SwiftDataError(kind: .storeFailure, message: message, sql: sql)
    }
    static func decodingFailed(_ message: String) -> SwiftDataError {
        SwiftDataError(kind: .decodingFailed, message: message)
    }
    static func valueMismatch(_ type: String) -> SwiftDataError {
        SwiftDataError(kind: .valueMismatch, message: "value is not a \(type)")
    }
}
