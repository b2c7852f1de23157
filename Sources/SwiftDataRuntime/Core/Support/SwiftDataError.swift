/// A type that describes a SwiftData error.
///
/// As in Apple's SwiftData, a struct whose values are its static members (`unsupportedPredicate`, `unknownSchema`,
/// ...); two errors are equal when they are the same one of those, so `catch SwiftDataError.unknownSchema` works.
/// The runtime's own failures (a store error, a stored value that does not decode, a `.deny` delete, ...) have no
/// public value, as Apple declares none: catch them as `SwiftDataError` and print them, which shows what failed and
/// where (`"\(error)"` lists the failure, a message naming the entity and property, and the SQL being run).
public struct SwiftDataError: Error, Hashable {
    /// Runtime-only (not Apple API): which failure, for tests.
    @_spi(CarryoverRuntime) public enum Kind: String, Sendable, Hashable {
        // Apple's values.
        case includePendingChangesWithBatchSize, unsupportedPredicate, unsupportedKeyPath
        case sortingPendingChangesWithIdentifiers, unsupportedSortDescriptor, duplicateConfiguration
        case configurationFileNameTooLong, configurationFileNameContainsInvalidCharacters
        case configurationSchemaNotFoundInContainerSchema, loadIssueModelContainer, modelValidationFailure
        case missingModelContext, backwardMigration, unknownSchema, historyTokenExpired
        case invalidTransactionFetchRequest
        // The runtime's own failures.
        /// The SQLite store failed (I/O, corruption, constraint).
        case storeFailure
        /// ``ModelConfiguration/allowsSave`` is false.
        case saveNotAllowed
        /// A deleted model's `.deny` relationship still holds models.
        case deleteDenied
        /// A stored value does not decode as its property's type (a NULL in a non-optional attribute included).
        case decodingFailed
        /// A value does not match its property's type.
        case valueMismatch
        /// A non-optional to-one relationship lost its model (the related model was deleted and nullified).
        case missingRelationship
    }

    /// Runtime-only (not Apple API): which failure.
    @_spi(CarryoverRuntime) public let kind: Kind
    /// What failed and where, in words.
    let message: String
    /// The SQL being run, if the store failed (bound values are never recorded: they are user data).
    let sql: String?
    /// Runtime-only (not Apple API): SQLite's extended result code when the store failed, so callers map failures
    /// (`SQLITE_FULL`, `SQLITE_IOERR_*`, …) without reading the message.
    @_spi(CarryoverRuntime) public let sqliteResultCode: Int32?

    init(kind: Kind, message: String, sql: String? = nil, sqliteResultCode: Int32? = nil) {
        self.kind = kind
        self.message = message
        self.sql = sql
        self.sqliteResultCode = sqliteResultCode
    }

    /// Errors are equal when they are the same failure, whatever their messages.
    public static func == (lhs: SwiftDataError, rhs: SwiftDataError) -> Bool { lhs.kind == rhs.kind }

    /// Hashes the failure.
    public func hash(into hasher: inout Hasher) { hasher.combine(kind) }

    /// Whether `rhs` is this error (for `catch SwiftDataError.unknownSchema` and `case` patterns).
    public static func ~= (lhs: SwiftDataError, rhs: any Error) -> Bool { (rhs as? SwiftDataError) == lhs }

    private init(_ kind: Kind) { self.init(kind: kind, message: kind.rawValue) }

    /// A fetch with a batch size includes pending changes.
    public static let includePendingChangesWithBatchSize = SwiftDataError(.includePendingChangesWithBatchSize)
    /// The predicate is not supported.
    public static let unsupportedPredicate = SwiftDataError(.unsupportedPredicate)
    /// The key path is not supported.
    public static let unsupportedKeyPath = SwiftDataError(.unsupportedKeyPath)
    /// A fetch of identifiers sorts pending changes.
    public static let sortingPendingChangesWithIdentifiers = SwiftDataError(.sortingPendingChangesWithIdentifiers)
    /// The sort descriptor is not supported.
    public static let unsupportedSortDescriptor = SwiftDataError(.unsupportedSortDescriptor)
    /// Two configurations are the same.
    public static let duplicateConfiguration = SwiftDataError(.duplicateConfiguration)
    /// A configuration's file name is too long.
    public static let configurationFileNameTooLong = SwiftDataError(.configurationFileNameTooLong)
    /// A configuration's file name has invalid characters.
    public static let configurationFileNameContainsInvalidCharacters = SwiftDataError(
        .configurationFileNameContainsInvalidCharacters)
    /// A configuration's schema is not in the container's schema.
    public static let configurationSchemaNotFoundInContainerSchema = SwiftDataError(
        .configurationSchemaNotFoundInContainerSchema)
    /// The container failed to load.
    public static let loadIssueModelContainer = SwiftDataError(.loadIssueModelContainer)
    /// A model failed validation.
    public static let modelValidationFailure = SwiftDataError(.modelValidationFailure)
    /// A model has no context.
    public static let missingModelContext = SwiftDataError(.missingModelContext)
    /// A migration goes backwards.
    public static let backwardMigration = SwiftDataError(.backwardMigration)
    /// The schema is unknown.
    public static let unknownSchema = SwiftDataError(.unknownSchema)
    /// A history token expired.
    public static let historyTokenExpired = SwiftDataError(.historyTokenExpired)
    /// A transaction fetch request is invalid.
    public static let invalidTransactionFetchRequest = SwiftDataError(.invalidTransactionFetchRequest)

    /// The same error, its message prefixed with where it happened (`Track.duration`).
    func at(_ place: String) -> SwiftDataError {
        SwiftDataError(kind: kind, message: "\(place): \(message)", sql: sql, sqliteResultCode: sqliteResultCode)
    }

    static func store(message: String, sql: String?, code: Int32? = nil) -> SwiftDataError {
        SwiftDataError(kind: .storeFailure, message: message, sql: sql, sqliteResultCode: code)
    }
    static func decodingFailed(_ message: String) -> SwiftDataError {
        SwiftDataError(kind: .decodingFailed, message: message)
    }
    static func valueMismatch(_ type: String) -> SwiftDataError {
        SwiftDataError(kind: .valueMismatch, message: "value is not a \(type)")
    }
}
