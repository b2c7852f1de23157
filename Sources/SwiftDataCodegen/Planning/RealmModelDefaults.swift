import RealmSchema

/// The Realm models' declared Swift defaults that are literal values (`@Persisted var plays = 0`), as the
/// migration engine's values (`.int(0)`): objects the migration block creates (`migration.create`) take them, as
/// Realm gave them the Swift initializer's value. Other defaults (`Date()`, a call) are listed, not carried; `UUID()`
/// and `ObjectId.generate()` are not listed (the upgrade generates those as Realm does).
struct RealmModelDefaults {
    /// One carried default.
    struct Entry {
        var className: String
        var property: String
        /// The `MigrationValue` expression (`.string("untitled")`).
        var value: String
        /// The class's clauses, then the property's.
        var condition: SourceCondition?
    }

    private(set) var entries: [Entry] = []
    /// `Class.property (= expression)` of each default not carried.
    private(set) var skipped: [String] = []

    /// Reads the defaults of `classes` (Realm names; `enums` for enum defaults).
    init(classes: [ModelClass], enums: [EnumSchema]) {
        let enumsByName = Dictionary(enums.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for object in classes {
            for property in object.properties {
                guard let source = property.defaultValue?.trimmingSpaces, !source.isEmpty,
                    property.collection == .single, property.type != .linkingObjects
                else { continue }
                if let value = Self.value(source, of: property, enums: enumsByName) {
                    let condition = object.condition.map { $0.adding(property.condition) } ?? property.condition
                    entries.append(
                        Entry(className: object.name, property: property.name, value: value, condition: condition))
                } else if !Self.generatedByRealm.contains(source), source != "nil" {
                    skipped.append("\(object.name).\(property.name) (= \(source))")
                }
            }
        }
    }

    /// Defaults Realm generates anyway for an object created without them.
    private static let generatedByRealm: Set<String> = [
        "UUID()", "ObjectId.generate()", "ObjectId()", "UUID().uuidString", "NSUUID().uuidString",
    ]

    /// The engine value of a literal default, `nil` when it is not one.
    private static func value(_ source: String, of property: ModelProperty, enums: [String: EnumSchema]) -> String? {
        if let enumName = property.enumTypeName {
            guard let known = enums[enumName], let raw = rawValue(source, of: known) else { return nil }
            return property.type == .string ? ".string(\(raw))" : ".int(\(raw))"
        }
        switch property.type {
        case .string: return TypeMapping.isPlainStringLiteral(source) ? ".string(\(source))" : nil
        case .int: return TypeMapping.isIntegerLiteral(source) ? ".int(\(grouped(source)))" : nil
        case .double:
            return TypeMapping.isIntegerLiteral(source) || TypeMapping.isFloatLiteral(source)
                ? ".double(\(grouped(source)))" : nil
        case .float:
            return TypeMapping.isIntegerLiteral(source) || TypeMapping.isFloatLiteral(source)
                ? ".float(\(grouped(source)))" : nil
        case .bool: return source == "true" || source == "false" ? ".bool(\(source))" : nil
        default: return nil
        }
    }

    /// The raw value literal of the case `source` names (`.rock`, `Genre.rock`): as written, or the implicit one
    /// (the case's name for a `String` enum, one more than the case before for an integer enum).
    private static func rawValue(_ source: String, of schema: EnumSchema) -> String? {
        let caseName = source.split(separator: ".").last.map(String.init) ?? ""
        let shortName = schema.name.split(separator: ".").last.map(String.init) ?? schema.name
        guard source == ".\(caseName)" || source == "\(schema.name).\(caseName)" || source == "\(shortName).\(caseName)"
        else { return nil }
        var next = 0
        for item in schema.cases {
            var raw: String
            if let written = item.rawValue {
                raw = written
            } else {
                raw = schema.rawType == "String" ? SwiftStringLiteral.quoting(item.name) : String(next)
            }
            if schema.rawType != "String" {
                guard TypeMapping.isIntegerLiteral(raw), let number = Int(raw.filter { $0 != "_" }) else { return nil }
                next = number + 1
                raw = grouped(raw)
            } else if !TypeMapping.isPlainStringLiteral(raw) {
                return nil
            }
            if item.name == caseName { return raw }
        }
        return nil
    }

    /// A decimal literal with its digits grouped by three (`10_000_000`), as `swift format` wants those of seven
    /// digits or more.
    static func grouped(_ literal: String) -> String {
        let sign = literal.hasPrefix("-") ? "-" : ""
        let body = literal.dropFirst(sign.count).filter { $0 != "_" }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, whole.allSatisfy(\.isNumber), whole.count > 6 else { return literal }
        var digits = ""
        for (index, digit) in whole.enumerated() {
            if index > 0 && (whole.count - index) % 3 == 0 { digits.append("_") }
            digits.append(digit)
        }
        return sign + digits + (parts.count > 1 ? "." + parts[1] : "")
    }
}
