import SwiftDataCodegen

extension PredicateEmitter {
    /// One stored value compared with the right-hand side.
    mutating func scalarComparison(
        _ expression: String, optional: Bool, type: Catalog.ValueType, _ comparison: Comparison, in scope: Scope
    ) throws(Refusal) -> String {
        let op = comparison.op
        let offset = comparison.offset
        if case .literal(.null) = comparison.rhs {
            guard op == .equal || op == .notEqual else {
                throw Refusal(
                    message: "'\(op.rawValue)' against nil", offset: offset, instead: "compare with == nil or != nil")
            }
            if optional { return "\(expression) \(op == .equal ? "==" : "!=") nil" }
            context.note(
                "a comparison of a non-optional value with nil is always \(op == .notEqual): written as \(op == .notEqual)"
            )
            return op == .equal ? "false" : "true"
        }
        if !comparison.options.isEmpty {
            throw Refusal(
                message: "\(op.rawValue)\(comparison.options.text): #Predicate has no case- or diacritic-insensitive "
                    + "string comparison that type-checks on every platform (caseInsensitiveCompare and "
                    + "localizedStandardContains exist only in Apple's Foundation, and localizedStandardContains is "
                    + "also locale-aware and ignores both case and diacritics)",
                offset: offset,
                instead: "fetch with the other conditions, then filter in Swift: "
                    + Self.swiftStringTest(op, comparison.options))
        }
        if type.enumRawType != nil { return try enumComparison(expression, optional: optional, type: type, comparison) }
        switch op {
        case .in:
            let list = try listValue(comparison.rhs, type: type, offset: offset)
            return ifLet(expression, optional: optional) { "\(list).contains(\($0))" }
        case .equal, .notEqual:
            let value = try operandValue(comparison.rhs, type: type, offset: offset, optional: false)
            return "\(expression) \(op.rawValue) \(value)"
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard [.int, .float, .double, .string, .date, .decimal128, .objectId].contains(type.realmType) else {
                throw Refusal(
                    message: "'\(op.rawValue)' on a \(type.swiftType), which is not Comparable in Swift",
                    offset: offset,
                    instead: "compare with == or !=")
            }
            let value = try operandValue(comparison.rhs, type: type, offset: offset, optional: false)
            return ifLet(expression, optional: optional) { "\($0) \(op.rawValue) \(value)" }
        case .beginsWith, .contains, .containsValue, .endsWith, .like:
            guard type.realmType == .string else {
                throw Refusal(
                    message: "\(op.rawValue) on a \(type.swiftType) value", offset: offset,
                    instead: "fetch, then filter in Swift")
            }
            return try stringComparison(expression, optional: optional, type: type, comparison)
        }
    }

    private mutating func stringComparison(
        _ expression: String, optional: Bool, type: Catalog.ValueType, _ comparison: Comparison
    ) throws(Refusal) -> String {
        var op = comparison.op
        var rhs = comparison.rhs
        if op == .like {
            guard case .literal(.string(let pattern)) = rhs, let (simple, text) = Self.simpleLikePattern(pattern) else {
                throw Refusal(
                    message:
                        "LIKE with a pattern that is not a literal of the forms 'abc', 'abc*', '*abc*': #Predicate has no wildcard matching",
                    offset: comparison.offset,
                    instead:
                        "fetch, then filter in Swift (e.g. with NSPredicate(format: \"SELF LIKE %@\", pattern) on the value)"
                )
            }
            op = simple
            rhs = .literal(.string(text))
            if op == .equal { return "\(expression) == \(text.swiftLiteral)" }
        }
        if op == .endsWith {
            throw Refusal(
                message: "ENDSWITH: #Predicate supports neither hasSuffix nor reversed()", offset: comparison.offset,
                instead: "fetch with the other conditions, then filter in Swift: .filter { $0.value.hasSuffix(suffix) }"
            )
        }
        let value = try operandValue(rhs, type: type, offset: comparison.offset, optional: false)
        let call = op == .beginsWith ? "starts(with: \(value))" : "contains(\(value))"
        return ifLet(expression, optional: optional) { "\($0).\(call)" }
    }

    /// `== / != / IN` on an enum attribute: a case from a raw value literal, an enum value from a closure, or the
    /// raw value of a `%@` argument.
    private mutating func enumComparison(
        _ expression: String, optional: Bool, type: Catalog.ValueType, _ comparison: Comparison
    ) throws(Refusal) -> String {
        guard comparison.op == .equal || comparison.op == .notEqual || comparison.op == .in else {
            throw Refusal(
                message: "'\(comparison.op.rawValue)' on the enum \(type.swiftType)", offset: comparison.offset,
                instead: "compare with == or !=")
        }
        let op = comparison.op == .in ? "==" : comparison.op.rawValue
        switch comparison.rhs {
        case .literal(let literal):
            let raw: String? =
                switch literal {
                case .string(let text): text
                case .integer(let text): text
                default: nil
                }
            guard let raw, let match = Self.enumCase(raw, in: type) else {
                throw Refusal(
                    message: "no case of \(type.swiftType) has the raw value in the query", offset: comparison.offset,
                    instead: "check the value")
            }
            let name = context.bind("\(type.swiftType).\(match)", named: match, type: nil)
            return "\(expression) \(op) \(name)"
        case .swiftValue(let text) where text.hasPrefix(".") || text.hasPrefix(type.swiftType + "."):
            let name = context.bind(text, named: Self.baseName(text), type: type.swiftType)
            return "\(expression) \(op) \(name)"
        case .swiftValue(let text):
            let rawType = type.enumRawType ?? "String"
            let name = context.bind(text, named: Self.baseName(text), type: rawType)
            context.note("'\(text)' is taken as a raw value of \(type.swiftType), as Realm compares enums by raw value")
            return "\(expression)\(optional ? "?" : "").rawValue \(op) \(name)"
        default:
            throw Refusal(
                message: "an enum compared with a list", offset: comparison.offset, instead: "use == with each value")
        }
    }

    /// The case whose raw value is `raw` (implicit raw values: the name for `String`, the position for integers).
    static func enumCase(_ raw: String, in type: Catalog.ValueType) -> String? {
        guard let cases = type.enumCases else { return nil }
        let isString = type.enumRawType == "String"
        var implicitInteger = 0
        for item in cases {
            if let written = item.rawValue {
                let value = isString ? StringLiteralContents.of(written) : written
                if value == raw { return item.name }
                implicitInteger = (Int(written) ?? implicitInteger) + 1
            } else {
                if isString ? item.name == raw : String(implicitInteger) == raw { return item.name }
                implicitInteger += 1
            }
        }
        return nil
    }

    /// `body(expression)`, or `expression.flatMap { value in body(value) } == true` when it may be `nil` (false on
    /// nil, as Realm's orderings and string tests are on null).
    mutating func ifLet(_ expression: String, optional: Bool, _ body: (String) -> String) -> String {
        guard optional else { return body(expression) }
        let name = context.name("value")
        return "\(expression).flatMap { \(name) in \(body(name)) } == true"
    }

    /// The right-hand side as an expression of `type`: a literal, or the name of a `let` bound before the predicate.
    mutating func operandValue(_ operand: QueryOperand, type: Catalog.ValueType, offset: Int, optional: Bool)
        throws(Refusal) -> String
    {
        let swiftType = type.swiftType + (optional ? "?" : "")
        func mismatch(_ what: String) -> Refusal {
            Refusal(
                message: "\(what) compared with a \(type.swiftType) value", offset: offset,
                instead: "use a value of the property's type")
        }
        switch operand {
        case .literal(.string(let text)):
            switch type.realmType {
            case .string: return text.swiftLiteral
            case .objectId where Self.isObjectID(text): return text.lowercased().swiftLiteral
            case .uuid:
                guard let tuple = Self.uuidTuple(text) else { throw mismatch("'\(text)', not a UUID,") }
                return context.bind("UUID(uuid: \(tuple))", named: "uuid", type: nil)
            default: throw mismatch("a string")
            }
        case .literal(.integer(let text)):
            guard [.int, .float, .double, .decimal128].contains(type.realmType) else { throw mismatch("an integer") }
            return text
        case .literal(.float(let text)):
            guard [.float, .double, .decimal128].contains(type.realmType) else {
                throw mismatch("the fractional number \(text)")
            }
            return text
        case .literal(.bool(let value)):
            guard type.realmType == .bool else { throw mismatch("a Bool") }
            return value ? "true" : "false"
        case .literal(.date(let seconds, let nanoseconds)):
            guard type.realmType == .date else { throw mismatch("a date") }
            let fraction = nanoseconds == 0 ? "" : "." + String(String(nanoseconds + 1_000_000_000).dropFirst())
            return context.bind("Date(timeIntervalSince1970: \(seconds)\(fraction))", named: "date", type: nil)
        case .literal(.objectId(let text)):
            guard type.realmType == .objectId, Self.isObjectID(text) else { throw mismatch("an ObjectId") }
            return text.lowercased().swiftLiteral
        case .literal(.uuid(let text)):
            guard type.realmType == .uuid, let tuple = Self.uuidTuple(text) else { throw mismatch("a UUID") }
            return context.bind("UUID(uuid: \(tuple))", named: "uuid", type: nil)
        case .literal(.null):
            throw Refusal(message: "nil in a list", offset: offset, instead: "compare with == nil separately")
        case .swiftValue(let text):
            if type.realmType == .objectId {
                context.note("'\(text)' must be the ObjectId's hex string (ObjectId became String): pass .stringValue")
            }
            if type.realmType == .decimal128 {
                context.note("'\(text)' must be a Foundation Decimal (Decimal128 became Decimal)")
            }
            return context.bind(text, named: Self.baseName(text), type: swiftType)
        case .keyPath, .aggregate, .subqueryCount, .list:
            throw Refusal(
                message: "comparing with another key path or collection", offset: offset,
                instead: "fetch, then filter in Swift")
        }
    }

    /// The right-hand side of `IN`: a `let` holding an array of `type`.
    private mutating func listValue(_ operand: QueryOperand, type: Catalog.ValueType, offset: Int) throws(Refusal)
        -> String
    {
        switch operand {
        case .list(let items):
            var values: [String] = []
            for item in items { values.append(try operandValue(item, type: type, offset: offset, optional: false)) }
            return context.bind("[\(values.joined(separator: ", "))]", named: "values", type: "[\(type.swiftType)]")
        case .swiftValue(let text):
            return context.bind(text, named: Self.baseName(text), type: "[\(type.swiftType)]")
        default:
            throw Refusal(
                message: "IN needs a list or an array argument", offset: offset,
                instead: "write {a, b} or pass an array")
        }
    }

    /// The collection operators: `@count` on a to-many relationship or list of values, `@min`/`@max` on a list of
    /// values; `@sum`, `@avg` and operators over a relationship's property have no `#Predicate` form.
    mutating func aggregate(
        _ path: KeyPathReference, _ op: CollectionOperator, property: [String], _ comparison: Comparison,
        in scope: Scope
    ) throws(Refusal) -> String {
        let pathText = (path.components + [op.rawValue] + property).joined(separator: ".")
        return try walk(path, in: scope, quantifier: nil, offset: comparison.offset) {
            emitter, expression, optional, terminal throws(Refusal) in
            guard !optional else {
                throw Refusal(
                    message: "\(pathText) through an optional link or optional array", offset: comparison.offset,
                    instead: "test the link for nil first, or fetch then filter in Swift")
            }
            switch (op, terminal) {
            case (.count, .collection), (.count, .entries), (.count, .values):
                guard property.isEmpty else { break }
                return try emitter.scalarComparison(
                    "\(expression).count", optional: false, type: Self.intType, comparison, in: scope)
            case (.min, .values(let type)), (.max, .values(let type)):
                guard property.isEmpty, type.realmType != .bool, !type.isOptional else { break }
                return try emitter.scalarComparison(
                    "\(expression).\(op == .min ? "min" : "max")()", optional: true, type: type, comparison, in: scope)
            case (_, .value), (_, .object):
                throw Refusal(
                    message: "\(pathText): \(op.rawValue) needs a to-many relationship or a list of values",
                    offset: comparison.offset, instead: "check the key path")
            default:
                break
            }
            throw Refusal(
                message: "\(pathText): #Predicate has no sum or average and cannot map a relationship to one of its "
                    + "properties (map, reduce are not supported)",
                offset: comparison.offset,
                instead: "fetch, then filter in Swift, e.g. .filter { $0.\(path.components.joined(separator: "."))"
                    + Self.swiftAggregate(op, property) + " \(comparison.op.rawValue) value }")
        }
    }

    static func swiftAggregate(_ op: CollectionOperator, _ property: [String]) -> String {
        let mapped = property.isEmpty ? "" : ".map(\\.\(property.joined(separator: ".")))"
        switch op {
        case .count: return ".count"
        case .sum: return mapped + ".reduce(0, +)"
        case .avg: return mapped + " (sum / count, nil when empty)"
        case .min: return mapped + ".min()"
        case .max: return mapped + ".max()"
        }
    }

    /// The Swift test to filter with in memory for a string comparison with options.
    static func swiftStringTest(_ op: ComparisonOperator, _ options: StringOptions) -> String {
        var names: [String] = []
        if options.caseInsensitive { names.append(".caseInsensitive") }
        if options.diacriticInsensitive { names.append(".diacriticInsensitive") }
        switch op {
        case .equal, .notEqual, .in:
            return ".filter { $0.value.compare(text, options: [\(names.joined(separator: ", "))]) "
                + "\(op == .notEqual ? "!=" : "==") .orderedSame }"
        case .beginsWith: names.append(".anchored")
        case .endsWith: names += [".anchored", ".backwards"]
        default: break
        }
        return ".filter { $0.value.range(of: text, options: [\(names.joined(separator: ", "))]) != nil }"
    }

    /// A LIKE pattern without `?`, with `*` only at its ends: `abc` (==), `abc*` (BEGINSWITH), `*abc*` (CONTAINS).
    static func simpleLikePattern(_ pattern: String) -> (ComparisonOperator, String)? {
        guard !pattern.contains("?"), !pattern.contains("\\") else { return nil }
        var body = Substring(pattern)
        let leading = body.hasPrefix("*")
        if leading { body = body.dropFirst() }
        let trailing = body.hasSuffix("*")
        if trailing { body = body.dropLast() }
        guard !body.contains("*") else { return nil }
        switch (leading, trailing) {
        case (false, false): return (.equal, String(body))
        case (false, true): return (.beginsWith, String(body))
        case (true, true): return (.contains, String(body))
        case (true, false): return nil
        }
    }

    static func isObjectID(_ text: String) -> Bool {
        text.utf8.count == 24 && text.allSatisfy { $0.isHexDigit }
    }

    /// A UUID's 16 bytes as a tuple literal for `UUID(uuid:)` (no optional, no force unwrap), or `nil`.
    static func uuidTuple(_ text: String) -> String? {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false).map(\.count)
        guard groups == [8, 4, 4, 4, 12] else { return nil }
        let hex = Array(text.filter { $0 != "-" })
        guard hex.count == 32, hex.allSatisfy(\.isHexDigit) else { return nil }
        let bytes = stride(from: 0, to: 32, by: 2).map { "0x" + String(hex[$0...($0 + 1)]).uppercased() }
        return "(" + bytes.joined(separator: ", ") + ")"
    }
}
