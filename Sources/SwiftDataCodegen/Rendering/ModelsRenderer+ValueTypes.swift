import RealmSchema

/// The value types of the models file: `Codable` structs for embedded objects and enums.
extension ModelsRenderer {
    // MARK: Embedded objects

    mutating func renderEmbedded(_ object: ModelClass, into writer: inout CodeWriter) {
        let name = naming.type(object.name)
        report.construct(
            object.name, realmDeclaration(object),
            "struct \(name): Codable, Hashable (stored inline in its parent, deleted with it)", object.sourceLocation,
            condition: object.condition)
        var lines: [(text: String, condition: SourceCondition?)] = []
        for property in object.properties {
            let first = report.constructs.count
            if let line = embeddedLine(property, of: object) { lines.append((line, property.condition)) }
            let condition = object.condition.adding(property.condition).map(\.description)
            for index in first..<report.constructs.count where condition?.isEmpty == false {
                report.constructs[index].condition = condition
            }
        }
        writer.block("struct \(name): Codable, Hashable {") { writer in
            ConditionalCode.write(lines, clauses: \.condition.clauses, into: &writer) { line, writer in
                writer.line(line.text)
            }
        }
    }

    /// The stored property of an embedded struct for `property` (`nil`: none, reported).
    private mutating func embeddedLine(_ property: ModelProperty, of object: ModelClass) -> String? {
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
            return "var \(SwiftIdentifier.declared(property.name)): \(type) = \(single ? "nil" : "[]")"
                + "  // realmObjectKey of the linked \(targetName)"
        case .assumed(let typeName):
            let member = assumedMember(property, key: key, typeName: typeName, realm: property.declaredAs ?? key)
            let initial = member.declarationDefault ?? (member.parameterDefault ?? nil)
            return "var \(SwiftIdentifier.declared(property.name)): \(member.type)"
                + (initial.map { " = \($0)" } ?? "")
        case .linkingObjects:
            // Computed by Realm from its holders' links: no stored field, nothing to move.
            report.human(
                .unsupported, key,
                "an embedded object's LinkingObjects (the objects that hold it) has no place in a Codable struct, "
                    + "which lives inside its one holder; not generated (no stored data: reach the holder instead)",
                property.sourceLocation)
            return nil
        case .toOne, .toMany, .list, .linkMap, .unrepresentable:
            report.human(
                .unsupported, key,
                "an embedded object's map of links cannot live in a Codable struct; not generated (store the "
                    + "targets' keys instead)", property.sourceLocation)
            return nil
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
        return "var \(SwiftIdentifier.declared(memberName)): \(type) = \(defaultValue)"
    }

    // MARK: Enums

    mutating func renderNestedEnums(of object: ModelClass, into writer: inout CodeWriter) {
        let nested = (schema.enumTypes ?? []).filter { naming.enclosingModel(ofEnum: $0.name) == object.name }
        guard !nested.isEmpty else { return }
        writer.line()
        var body = CodeWriter()
        // Under the enum's own clauses: the extension is under the class's already.
        let ownClauses: (EnumSchema) -> [SourceCondition.Clause] = {
            $0.condition?.removing(object.condition).clauses ?? []
        }
        ConditionalCode.write(nested, clauses: ownClauses, separated: true, into: &body) { enumSchema, writer in
            renderEnum(enumSchema, into: &writer)
        }
        writer.block("extension \(naming.type(object.name)) {") { writer in writer.append(body) }
    }

    mutating func renderEnum(_ enumSchema: EnumSchema, into writer: inout CodeWriter) {
        let name = naming.enumType(enumSchema.name).split(separator: ".").last.map(String.init) ?? enumSchema.name
        report.construct(
            enumSchema.name, "enum \(enumSchema.name): \(enumSchema.rawType) (PersistableEnum)",
            "enum \(naming.enumType(enumSchema.name)): \(enumSchema.rawType), Codable, CaseIterable",
            enumSchema.sourceLocation, condition: enumSchema.condition)
        writer.block("enum \(name): \(enumSchema.rawType), Codable, CaseIterable {") { writer in
            for enumCase in enumSchema.cases {
                let raw = enumCase.rawValue.map { " = \($0)" } ?? ""
                writer.line("case \(SwiftIdentifier.declared(enumCase.name))\(raw)")
            }
        }
    }
}
