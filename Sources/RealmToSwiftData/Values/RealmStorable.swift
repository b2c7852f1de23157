import Foundation
import MigrationEngine

/// A Swift type a SwiftData model stores that a Realm property's value converts to, and back.
///
/// The generated importer reads every attribute through this protocol, and verification uses the way back:
/// a source value is converted to the model's type and back (``normalized(_:)``), then compared with what the
/// store returns. So a conversion the model type cannot hold exactly (a `Date` keeps about 100 ns, an `Int8` holds
/// −128…127) throws or shows up in the verification report; it is never silently different.
///
/// Conformances: `Bool`, the integer types, `Float`, `Double`, `String` (also from an ObjectId, as 24 lowercase hex
/// digits), `Data`, `Date`, `UUID`, `Decimal` (from a Decimal128), optionals, arrays (from lists and sets),
/// `[String: V]` dictionaries, and, through ``RealmStorableEnum``, enums stored by raw value. Generated embedded
/// structs and the generated `MixedValue` conform in the generated code. (`SendableMetatype`: ``RealmField`` converts
/// through the type inside `@Sendable` closures.)
public protocol RealmStorable: SendableMetatype {
    /// Converts a Realm value (as the migration engine carries it) to this type.
    /// - Throws: ``RealmValueError`` when the value has another type or does not fit.
    init(realmValue: MigrationValue) throws(RealmValueError)
    /// The Realm value this model value stands for.
    var realmValue: MigrationValue { get }
}

extension RealmStorable {
    /// `value` converted to this type and back: what a model of this type stores for it.
    public static func normalized(_ value: MigrationValue) throws(RealmValueError) -> MigrationValue {
        try Self(realmValue: value).realmValue
    }
}

/// Why a Realm value cannot become a model value.
///
/// The innermost layer: generated `init(realmValue:)` code throws it knowing only the value, and
/// ``RealmImportError/conversion(className:key:field:_:)`` wraps it with the object and field it came from.
public struct RealmValueError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The Swift type that was asked for.
    public var expectedType: String
    /// What the value was, in short (`string "abc"`, `int 300`, …).
    public var found: String
    /// Why it does not fit, when the kind matched but the value does not (out of range, not finite, …).
    public var reason: String?

    /// Creates an error for a value of the wrong kind or out of range.
    public init(expectedType: String, found: MigrationValue, reason: String? = nil) {
        self.expectedType = expectedType
        self.found = found.shortDescription
        self.reason = reason
    }

    public var description: String {
        "cannot store \(found) as \(expectedType)" + (reason.map { ": \($0)" } ?? "")
    }
}

extension MigrationValue {
    /// Whether the value is null or an empty collection.
    var isEmpty: Bool {
        switch self {
        case .null: true
        case .list(let items), .set(let items): items.isEmpty
        case .dictionary(let entries): entries.isEmpty
        default: false
        }
    }

    /// A short description for error messages (values of strings and binaries are cut).
    var shortDescription: String {
        switch self {
        case .null: "null"
        case .int(let value): "int \(value)"
        case .bool(let value): "bool \(value)"
        case .float(let value): "float \(value)"
        case .double(let value): "double \(value)"
        case .string(let text): "string of \(text.utf8.count) bytes"
        case .data(let bytes): "binary of \(bytes.count) bytes"
        case .date(let seconds, let nanoseconds): "timestamp \(seconds)s \(nanoseconds)ns"
        case .decimal128: "decimal128"
        case .objectId: "objectId"
        case .uuid: "uuid"
        case .link(let reference): "link to \(reference.className)[\(reference.key)]"
        case .list(let items): "list of \(items.count)"
        case .set(let items): "set of \(items.count)"
        case .dictionary(let entries): "dictionary of \(entries.count)"
        }
    }
}
