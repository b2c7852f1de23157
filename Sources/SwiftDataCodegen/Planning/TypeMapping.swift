import RealmSchema

/// How Realm value types are written in SwiftData models, and what Realm uses when a model declares no default.
struct TypeMapping {
    let naming: Naming
    let enums: [String: EnumSchema]

    /// Names of the support types the generated code defines when it needs them.
    static let mixedValueType = "MixedValue"
    static let objectIDType = "ObjectIDText"

    /// The Swift type of one value (one element for collections), ignoring optionality.
    func valueType(_ property: ModelProperty) -> String {
        if let enumName = property.enumTypeName { return naming.enumType(enumName) }
        switch property.type {
        case .int: return property.declaredSwiftType ?? "Int"
        case .bool: return "Bool"
        case .float: return "Float"
        case .double: return property.declaredSwiftType ?? "Double"
        case .string: return "String"
        case .data: return "Data"
        case .date: return "Date"
        case .decimal128: return property.declaredSwiftType ?? "Decimal"
        case .objectId: return "String"
        case .uuid: return "UUID"
        case .mixed: return Self.mixedValueType
        case .object, .linkingObjects: return naming.type(property.objectClassName ?? "")
        }
    }

    /// The attribute's full Swift type (collections and optionality included). Not for relationships.
    func attributeType(_ property: ModelProperty) -> String {
        let optional = (property.isOptional || property.storesNaNAsNil) && property.type != .mixed
        let element = valueType(property) + (optional ? "?" : "")
        switch property.collection {
        case .single: return element
        case .list, .set: return "[\(element)]"
        case .dictionary: return "[String: \(element)]"
        }
    }

    /// Realm's implicit default for a property that declares none (`_rlmDefaultValue`: `init()` of the type, the
    /// first case of an enum, `nil` for optionals, empty collections).
    func realmDefault(_ property: ModelProperty) -> String {
        switch property.collection {
        case .list, .set: return "[]"
        case .dictionary: return "[:]"
        case .single: break
        }
        if property.isOptional && property.type != .mixed { return "nil" }
        if let enumName = property.enumTypeName {
            return enums[enumName]?.cases.first.map { ".\($0.name)" } ?? "nil"
        }
        switch property.type {
        case .decimal128: return property.declaredSwiftType == "String" ? "\"0\"" : "0"
        case .int, .float, .double: return "0"
        case .bool: return "false"
        case .string: return "\"\""
        case .data: return "Data()"
        case .date: return "Date()"
        case .objectId: return "\(Self.objectIDType).generate()"
        case .uuid: return "UUID()"
        case .mixed: return ".null"
        case .object, .linkingObjects: return "nil"
        }
    }

    /// The default to generate: the source's default when it is an expression that is sure to compile in the
    /// generated code, otherwise Realm's implicit default. The second value is the source text that was *not*
    /// carried over, if any.
    func defaultValue(_ property: ModelProperty) -> (expression: String, notCarried: String?) {
        guard let source = property.defaultValue?.trimmingSpaces, !source.isEmpty else {
            return (realmDefault(property), nil)
        }
        if let translated = translate(source, for: property) { return (translated, nil) }
        return (realmDefault(property), source)
    }

    /// Source defaults that are sure to mean the same in the generated model.
    private func translate(_ source: String, for property: ModelProperty) -> String? {
        if source == "nil" { return property.isOptional ? "nil" : nil }
        if source == "[]" || source == "[:]" { return property.collection == .single ? nil : source }
        guard property.collection == .single else { return nil }
        if property.type == .mixed { return nil }
        if let enumName = property.enumTypeName, let known = enums[enumName] {
            let caseName = source.split(separator: ".").last.map(String.init) ?? ""
            let isCaseReference =
                source.hasPrefix(".") || source == "\(enumName).\(caseName)"
                || source == "\(enumName.split(separator: ".").last ?? "").\(caseName)"
            return isCaseReference && known.cases.contains { $0.name == caseName } ? ".\(caseName)" : nil
        }
        switch property.type {
        case .string:
            if Self.isPlainStringLiteral(source) { return source }
            if source == "UUID().uuidString" || source == "NSUUID().uuidString" { return "UUID().uuidString" }
            return nil
        case .int, .decimal128:
            return Self.isIntegerLiteral(source) ? source : nil
        case .float, .double:
            return Self.isIntegerLiteral(source) || Self.isFloatLiteral(source) ? source : nil
        case .bool:
            return source == "true" || source == "false" ? source : nil
        case .date:
            let known = [
                "Date()", "Date.distantPast", "Date.distantFuture", ".distantPast", ".distantFuture", "Date.now",
                ".now",
            ]
            return known.contains(source) ? source : nil
        case .data:
            return source == "Data()" ? source : nil
        case .uuid:
            return source == "UUID()" ? source : nil
        case .objectId:
            return source == "ObjectId.generate()" || source == "ObjectId()" ? "\(Self.objectIDType).generate()" : nil
        case .mixed, .object, .linkingObjects:
            return nil
        }
    }

    static func isPlainStringLiteral(_ text: String) -> Bool {
        guard text.count >= 2, text.first == "\"", text.last == "\"", !text.hasPrefix("\"\"\"") else { return false }
        let body = text.dropFirst().dropLast()
        // No interpolation and no unescaped quote inside.
        var escaped = false
        for character in body {
            if escaped {
                if character == "(" { return false }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return false
            }
        }
        return !escaped
    }

    static func isIntegerLiteral(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "_") }
            && digits.first?.isNumber == true
    }

    static func isFloatLiteral(_ text: String) -> Bool {
        let body = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let whole = parts.first, let fraction = parts.last else { return false }
        return !whole.isEmpty && !fraction.isEmpty
            && (whole + fraction).allSatisfy { $0.isASCII && ($0.isNumber || $0 == "_") }
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text = text.dropFirst() }
        while text.last?.isWhitespace == true { text = text.dropLast() }
        return String(text)
    }
}
