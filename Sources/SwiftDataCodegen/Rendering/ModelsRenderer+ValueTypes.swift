import RealmSchema

/// The value types of the models file: `Codable` structs for embedded objects and enums.
extension ModelsRenderer {
    // MARK: Embedded objects

    mutating func renderEmbedded(_ object: ModelClass, into writer: inout CodeWriter) {
        let name = naming.type(object.name)
        report.construct(
            object.name, realmDeclaration(object),
            "struct \(name): Codable, Hashable (stored inline in its parent, deleted with it)", object.sourceLocation)
        var lines: [String] = []
        for property in object.properties {
            let key = "\(object.name).\(property.name)"
            switch PropertyRole(property, of: object, in: schema) {
            case .attribute: break
            case .embeddedLink(let target):
                let single = property.collection == .single
                let type = single ? "Int64?" : "[Int64]"
                let targetName = naming.type(target.name)
                report.construct(
                    key, property.declaredAs ?? property.name, "var \(property.name): \(type)", property.sourceLocation)
                report.human(
                    .typeMapping, key,
                    "an embedded object's link to \(targetName) became the target's realmObjectKey (\(type)): a "
                        + "Codable struct cannot hold a relationship; fetch it with #Predicate<\(targetName)> "
                        + "{ $0.realmObjectKey == key }", property.sourceLocation)
                lines.append(
                    "var \(SwiftIdentifier.declared(property.name)): \(type) = \(single ? "nil" : "[]")"
                        + "  // realmObjectKey of the linked \(targetName)")
                continue
            case .assumed(let typeName):
                let member = assumedMember(property, key: key, typeName: typeName, realm: property.declaredAs ?? key)
                let initial = member.declarationDefault ?? (member.parameterDefault ?? nil)
                lines.append(
                    "var \(SwiftIdentifier.declared(property.name)): \(member.type)"
                        + (initial.map { " = \($0)" } ?? ""))
                continue
            case .linkingObjects, .toOne, .toMany, .linkMap, .unrepresentable:
                report.human(
                    .unsupported, key,
                    "an embedded object's map of links cannot live in a Codable struct; not generated (store the "
                        + "targets' keys instead)", property.sourceLocation)
                continue
            }
            noteTypeMapping(property, key: key)
            let type = mapping.attributeType(property)
            let (defaultValue, notCarried) = mapping.defaultValue(property)
            if defaultValue.contains(TypeMapping.objectIDType) { usesObjectID = true }
            if let notCarried {
                report.human(
                    .defaultValue, key, "default '\(notCarried)' not carried over; '\(defaultValue)' is used instead",
                    property.sourceLocation)
            }
            let realm = property.declaredAs ?? property.name
            let memberName = property.name
            report.construct(key, realm, "var \(memberName): \(type)", property.sourceLocation)
            lines.append("var \(SwiftIdentifier.declared(memberName)): \(type) = \(defaultValue)")
        }
        writer.block("struct \(name): Codable, Hashable {") { writer in
            for line in lines { writer.line(line) }
        }
    }

    // MARK: Enums

    mutating func renderNestedEnums(of object: ModelClass, into writer: inout CodeWriter) {
        let nested = (schema.enumTypes ?? []).filter { naming.enclosingModel(ofEnum: $0.name) == object.name }
        guard !nested.isEmpty else { return }
        writer.line()
        var body = CodeWriter()
        for (index, enumSchema) in nested.enumerated() {
            if index > 0 { body.line() }
            renderEnum(enumSchema, into: &body)
        }
        writer.block("extension \(naming.type(object.name)) {") { writer in
            for line in body.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                writer.line(String(line))
            }
        }
    }

    mutating func renderEnum(_ enumSchema: EnumSchema, into writer: inout CodeWriter) {
        let name = naming.enumType(enumSchema.name).split(separator: ".").last.map(String.init) ?? enumSchema.name
        report.construct(
            enumSchema.name, "enum \(enumSchema.name): \(enumSchema.rawType) (PersistableEnum)",
            "enum \(naming.enumType(enumSchema.name)): \(enumSchema.rawType), Codable, CaseIterable",
            enumSchema.sourceLocation)
        writer.block("enum \(name): \(enumSchema.rawType), Codable, CaseIterable {") { writer in
            for enumCase in enumSchema.cases {
                let raw = enumCase.rawValue.map { " = \($0)" } ?? ""
                writer.line("case \(SwiftIdentifier.declared(enumCase.name))\(raw)")
            }
        }
    }
}
