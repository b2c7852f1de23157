import RealmSchema

/// The `RealmStorable` conformances of the values the models store: embedded structs (read from and written as the
/// `.dictionary` of their fields), enums (by raw value) and `MixedValue`.
extension ImporterRenderer {
    func renderValueTypes(into writer: inout CodeWriter) {
        let embedded = schema.objectTypes.filter { $0.kind == .embedded }
        if !embedded.isEmpty { writer.line() }
        ConditionalCode.write(embedded, clauses: \.condition.clauses, separated: true, into: &writer) {
            object, writer in
            renderEmbedded(object, into: &writer)
        }
        let enums = schema.enumTypes ?? []
        if !enums.isEmpty { writer.line() }
        ConditionalCode.write(enums, clauses: \.condition.clauses, into: &writer) { enumSchema, writer in
            writer.line("extension \(naming.enumType(enumSchema.name)): RealmStorableEnum {}")
        }
        if usesMixedValue {
            writer.line()
            renderMixedValue(into: &writer)
        }
    }

    private func renderEmbedded(_ object: ModelClass, into writer: inout CodeWriter) {
        let type = naming.type(object.name)
        let all = fields(of: object)
        let fields = all.filter { field in
            if case .embeddedLink = field.role { return true }
            return field.isReadAsValue
        }
        writer.block("extension \(type): RealmStorable {") { writer in
            writer.block("init(realmValue: MigrationValue) throws(RealmValueError) {") { writer in
                if all.isEmpty {
                    writer.line("_ = try EmbeddedFields(realmValue, className: \(Self.literal(object.name)))")
                    writer.line("self.init()")
                } else {
                    writer.line("let fields = try EmbeddedFields(realmValue, className: \(Self.literal(object.name)))")
                    requireEmptyLines(all, reader: "fields", into: &writer)
                    ConditionalCode.variants(fields, clauses: \.property.condition.clauses, into: &writer) {
                        fields, writer in
                        writer.call(
                            "self.init",
                            fields.map { field in
                                let read =
                                    switch field.role {
                                    case .embeddedLink:
                                        field.property.collection == .single ? "linkedObjectKey" : "linkedObjectKeys"
                                    default: ""
                                    }
                                let value =
                                    read.isEmpty
                                    ? "fields[\(Self.literal(field.realmName))]"
                                    : "fields.\(read)(\(Self.literal(field.realmName)))"
                                return "\(SwiftIdentifier.argumentLabel(field.property.name)): try \(value)"
                            }, onePerLine: true)
                    }
                }
            }
            writer.line()
            writer.line("/// The fields in the Realm class's order.")
            writer.block("var realmValue: MigrationValue {") { writer in
                let conditional = fields.contains { $0.property.condition != nil }
                ConditionalCode.variants(fields, clauses: \.property.condition.clauses, into: &writer) {
                    fields, writer in
                    writeDictionary(of: fields, prefix: conditional ? "return " : "", into: &writer)
                }
            }
        }
    }

    /// `.dictionary([…])` of `fields`, for an embedded struct's `realmValue`.
    private func writeDictionary(of fields: [Field], prefix: String, into writer: inout CodeWriter) {
        let entries = fields.map { field in
            let property = SwiftIdentifier.declared(field.property.name)
            let value =
                switch field.role {
                case .embeddedLink(let target):
                    ".link(to: \(Self.literal(target.name)), objectKey\(field.property.collection == .single ? "" : "s"): \(property))"
                default: "\(property).realmValue"
                }
            return ["key: \(Self.literal(field.realmName))", "value: \(value)"]
        }
        if entries.count == 1, let entry = entries.first {
            // `swift format` wants a one-element literal on one line.
            writer.call("MigrationDictionaryEntry", entry, prefix: prefix + ".dictionary([", suffix: "])")
        } else if entries.isEmpty {
            writer.line(prefix + ".dictionary([])")
        } else {
            writer.block(prefix + ".dictionary([", closing: "])") { writer in
                for entry in entries { writer.call("MigrationDictionaryEntry", entry, suffix: ",") }
            }
        }
    }

    /// Every `MigrationValue` case: a link keeps the target's class and key, a set becomes a list, and each scalar
    /// converts the way a model property of its type does (an ObjectId as its 24 hex digits and back, a Decimal128
    /// that `Decimal` cannot hold as its text and back).
    private func renderMixedValue(into writer: inout CodeWriter) {
        writer.block("extension \(TypeMapping.mixedValueType): RealmStorable {") { writer in
            writer.block("init(realmValue: MigrationValue) throws(RealmValueError) {") { writer in
                writer.line("switch realmValue {")
                for line in [
                    "case .null: self = .null",
                    "case .int: self = .int(try Int(realmValue: realmValue))",
                    "case .bool(let value): self = .bool(value)",
                    "case .float(let value): self = .float(value)",
                    "case .double(let value): self = .double(value)",
                    "case .string(let value): self = .string(value)",
                    "case .data(let value): self = .data(value)",
                    "case .date: self = .date(try Date(realmValue: realmValue))",
                    "case .decimal128:",
                    "    if let decimal = Decimal(holding: realmValue) {",
                    "        self = .decimal(decimal)",
                    "    } else {",
                    "        self = .decimalText(try String(realmValue: realmValue))",
                    "    }",
                    "case .objectId: self = .objectID(try String(realmValue: realmValue))",
                    "case .uuid(let value): self = .uuid(value)",
                    "case .link(let target): self = .link(className: target.className, realmObjectKey: target.key)",
                    "case .list, .set: self = .list(try [MixedValue](realmValue: realmValue))",
                    "case .dictionary: self = .dictionary(try [String: MixedValue](realmValue: realmValue))",
                ] {
                    writer.line(line)
                }
                writer.line("}")
            }
            writer.line()
            writer.block("var realmValue: MigrationValue {") { writer in
                writer.line("switch self {")
                for line in [
                    "case .null: .null",
                    "case .bool(let value): value.realmValue",
                    "case .int(let value): value.realmValue",
                    "case .float(let value): value.realmValue",
                    "case .double(let value): value.realmValue",
                    "case .string(let value): value.realmValue",
                    "case .data(let value): value.realmValue",
                    "case .date(let value): value.realmValue",
                    "case .decimal(let value): value.realmValue",
                    "case .decimalText(let text): .decimal128(text: text)",
                    "case .objectID(let hex): .objectId(hex: hex)",
                    "case .uuid(let value): value.realmValue",
                    "case .link(let className, let key): .link(ObjectReference(className: className, key: key))",
                    "case .list(let items): items.realmValue",
                    "case .dictionary(let entries): entries.realmValue",
                ] {
                    writer.line(line)
                }
                writer.line("}")
            }
        }
    }
}
