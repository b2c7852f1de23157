import Foundation

/// How one attribute's values go to and from a column: scalars directly (integers, doubles, strings, data, dates,
/// UUIDs, Booleans, decimals, and optionals of these), enums with a scalar raw value as the raw value, any other
/// `Codable` value (structs, enums with associated values, arrays, dictionaries, optionals of these) as a JSON blob
/// (infinities as strings; a NaN is written but never read back, see ``nonConformingFloats``), with `nil` as NULL.
struct AttributeCodec {
    let columnType: String
    /// Whether values compare in SQL like in Swift (`nil` if not a scalar: then only in memory).
    let scalarOrdering: Bool?
    let encode: (Any) throws -> SQLValue
    let decode: (SQLValue) throws -> Any

    var isScalar: Bool { scalarOrdering != nil }

    static func make<V: Codable>(_ type: V.Type) -> AttributeCodec {
        if let scalar = type as? any SQLScalar.Type { return scalarCodec(scalar, V.self) }
        if let raw = type as? any RawRepresentable.Type, let codec = rawValueCodec(raw) { return codec }
        return AttributeCodec(
            columnType: "BLOB", scalarOrdering: nil,
            encode: { value in
                guard let typed = value as? V else { throw SwiftDataError.valueMismatch("\(V.self)") }
                if let optional = typed as? any OptionalMarker, optional.isNil { return .null }
                return .blob(Array(try jsonEncoder().encode(typed)))
            },
            decode: { value in
                switch value {
                case .null:
                    if let nilType = V.self as? any ExpressibleByNilLiteral.Type,
                        let none = nilType.init(nilLiteral: ()) as? V
                    {
                        return none
                    }
                    throw SwiftDataError.decodingFailed("NULL for non-optional \(V.self)")
                case .blob(let bytes): return try decodeJSON(Data(bytes))
                case .text(let text): return try decodeJSON(Data(text.utf8))
                default: throw SwiftDataError.decodingFailed("unexpected column value for \(V.self)")
                }
                func decodeJSON(_ data: Data) throws -> V {
                    do { return try jsonDecoder().decode(V.self, from: data) } catch {
                        throw SwiftDataError.decodingFailed("stored JSON does not decode as \(V.self): \(error)")
                    }
                }
            })
    }

    /// Floating-point NaN and infinities have no JSON number: they are written as these strings. Infinities read
    /// back; a NaN does not (decoding it throws, so the fetch fails naming the attribute): Apple's SwiftData keeps a
    /// Codable struct's properties as columns of their own, where SQLite stores NaN as NULL, and what it keeps of a
    /// NaN in an array is not documented, so the stricter choice is taken.
    private static let nonConformingFloats = (positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    /// What the decoder would read as NaN: a string the encoder never writes, so a stored NaN fails to decode.
    private static let unreadableNaN = "NaN is not kept"

    private static func jsonEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: nonConformingFloats.positiveInfinity,
            negativeInfinity: nonConformingFloats.negativeInfinity, nan: nonConformingFloats.nan)
        return encoder
    }

    private static func jsonDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: nonConformingFloats.positiveInfinity,
            negativeInfinity: nonConformingFloats.negativeInfinity, nan: unreadableNaN)
        return decoder
    }

    /// An enum (or other `RawRepresentable`) with a scalar raw value is stored as its raw value, not as JSON.
    private static func rawValueCodec<R: RawRepresentable>(_ type: R.Type) -> AttributeCodec? {
        guard let raw = R.RawValue.self as? any SQLScalar.Type else { return nil }
        return rawCodec(R.self, raw)
    }

    private static func rawCodec<R: RawRepresentable, S: SQLScalar>(_ type: R.Type, _ raw: S.Type) -> AttributeCodec {
        AttributeCodec(
            columnType: S.columnType, scalarOrdering: nil,
            encode: { value in
                guard let typed = value as? R, let rawValue = typed.rawValue as? S else {
                    throw SwiftDataError.valueMismatch("\(R.self)")
                }
                return rawValue.sqlValue
            },
            decode: { value in
                guard let rawValue = S.decode(value) as? R.RawValue, let decoded = R(rawValue: rawValue) else {
                    throw SwiftDataError.decodingFailed("column value is not a raw value of \(R.self)")
                }
                return decoded
            })
    }

    private static func scalarCodec<S: SQLScalar, V>(_ scalar: S.Type, _ value: V.Type) -> AttributeCodec {
        AttributeCodec(
            columnType: S.columnType, scalarOrdering: S.isOrderPreserving,
            encode: { value in
                guard let typed = value as? S else { throw SwiftDataError.valueMismatch("\(S.self)") }
                return typed.sqlValue
            },
            decode: { value in
                guard let decoded = S.decode(value) else {
                    if value == .null {
                        throw SwiftDataError.decodingFailed(
                            "NULL for a non-optional \(S.self) (SQLite stores a NaN as NULL, as on a device)")
                    }
                    throw SwiftDataError.decodingFailed("column value does not decode as \(S.self)")
                }
                return decoded
            })
    }
}

protocol OptionalMarker {
    var isNil: Bool { get }
}
extension Optional: OptionalMarker {
    var isNil: Bool { self == nil }
}
