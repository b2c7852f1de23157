import RealmSchema

/// The stored properties of a model: attributes, relationships, maps of links, inverses, the Realm object key.
extension ModelsRenderer {
    mutating func modelMember(_ property: ModelProperty, of object: ModelClass, isUnique: Bool) -> Member? {
        let key = "\(object.name).\(property.name)"
        let realm =
            property.declaredAs ?? "\(property.name): \(property.type.rawValue) (\(property.collection.rawValue))"
        switch PropertyRole(property, of: object, in: schema) {
        case .linkingObjects:
            if let list = plan.linkingObjectsOfLists[key].flatMap({ plan.lists[$0] }) {
                listLinkingObjects(property, of: object, key: key, list: list)
                return nil
            }
            guard let toMany = plan.linkingObjectsToMany[key], let origin = property.objectClassName else { return nil }
            let target = naming.type(origin)
            var member = Member(
                name: property.name, type: toMany ? "[\(target)]" : "\(target)?")
            if toMany { member.declarationDefault = "[]" }
            if toMany && options.cloudKit {
                member.type = "[\(target)]?"
                report.cloudKitChange(key, "[\(target)]", "[\(target)]?", property.sourceLocation)
            }
            if let rule = deleteRule(for: property, key: key), rule != .nullify {
                member.attributeLine = "@Relationship(deleteRule: .\(rule.rawValue))"
            }
            member.comment = "inverse of \(target).\(property.linkOriginPropertyName ?? "")"
            report.construct(
                key, realm, "var \(member.name): \(member.type) (inverse, maintained by SwiftData)",
                property.sourceLocation)
            return member
        case .unrepresentable(.missingTarget), .unrepresentable(.linkMapFromEmbedded), .embeddedLink:
            report.human(
                .input, key, "links to a class missing from the schema; not generated", property.sourceLocation)
            return nil
        case .assumed(let typeName):
            return assumedMember(property, key: key, typeName: typeName, realm: realm)
        case .linkMap(let target):
            return linkMapMember(property, of: object, key: key, target: target, realm: realm)
        case .list:
            return listMember(property, key: key, realm: realm)
        case .toOne(let target), .toMany(let target):
            return relationshipMember(property, key: key, target: target, realm: realm)
        case .attribute:
            return attributeMember(property, of: object, isUnique: isUnique)
        }
    }

    /// `realmObjectKey`, which the migration fills with the object's key in the Realm file.
    mutating func realmObjectKeyMember(of object: ModelClass, indexed: Bool) -> Member {
        let name = PropertyNaming.realmObjectKey
        var member = Member(name: name, type: "Int64", declarationDefault: "0")
        member.docComment =
            "The object's key in the Realm file, used by the migration for links, resume and verification."
        report.construct(
            "\(object.name).\(name)", "(the object's key in the Realm file)",
            "var \(name): Int64 = 0" + (indexed ? " + #Index<\(naming.type(object.name))>([\\.\(name)])" : ""), nil)
        return member
    }

    mutating func relationshipMember(_ property: ModelProperty, key: String, target: ModelClass, realm: String)
        -> Member
    {
        let targetName = naming.type(target.name)
        var rule = deleteRule(for: property, key: key) ?? .nullify
        if options.cloudKit && rule == .deny {
            report.cloudKitChange(key, "deleteRule: .deny", "deleteRule: .nullify", property.sourceLocation)
            rule = .nullify
        }
        var arguments = "deleteRule: .\(rule.rawValue)"
        if let original = originalNames[key] { arguments += ", originalName: \"\(original)\"" }
        if let inverse = plan.inverseKeyPaths[key] { arguments += ", inverse: \(inverse)" }
        var member = Member(
            attributeLine: "@Relationship(\(arguments))", name: property.name,
            type: "\(targetName)?")
        member.parameterDefault = .some("nil")
        if property.collection != .single {
            member.type = "[\(targetName)]"
            member.declarationDefault = "[]"
            member.parameterDefault = .some("[]")
            if options.cloudKit {
                member.type = "[\(targetName)]?"
                report.cloudKitChange(key, "[\(targetName)]", "[\(targetName)]?", property.sourceLocation)
            }
            if property.collection == .set {
                report.construct(
                    key, "MutableSet of objects", "to-many relationship (a set, as in Realm: unordered, distinct)",
                    property.sourceLocation)
            }
        }
        report.construct(
            key, realm, "@Relationship(\(arguments)) var \(member.name): \(member.type)", property.sourceLocation)
        return member
    }

    /// A map of links: a to-many relationship to its entry models, which are deleted with the owner.
    mutating func linkMapMember(
        _ property: ModelProperty, of object: ModelClass, key: String, target: ModelClass, realm: String
    ) -> Member {
        let entry = naming.linkMapEntries[key] ?? "Entry"
        var arguments = "deleteRule: .cascade"
        if let original = originalNames[key] { arguments += ", originalName: \"\(original)\"" }
        arguments += ", inverse: \\\(entry).\(LinkMapEntryModel.ownerProperty)"
        var member = Member(attributeLine: "@Relationship(\(arguments))", name: property.name, type: "[\(entry)]")
        member.declarationDefault = "[]"
        member.parameterDefault = .some("[]")
        if options.cloudKit {
            member.type = "[\(entry)]?"
            report.cloudKitChange(key, "[\(entry)]", "[\(entry)]?", property.sourceLocation)
            report.human(
                .cloudKit, key,
                "CloudKit needs an inverse for every relationship: add 'var \(entry.lowercasingFirst)s: [\(entry)]?' "
                    + "to \(naming.type(target.name)) for \(entry).value", property.sourceLocation)
        }
        if deleteRule(for: property, key: key) != nil {
            report.human(
                .input, key,
                "a delete rule for a map of links is not applied: the map's entries are deleted with the object, "
                    + "the \(naming.type(target.name)) models they link to are kept", property.sourceLocation)
        }
        report.construct(
            key, realm, "@Relationship(\(arguments)) var \(member.name): \(member.type)", property.sourceLocation)
        report.human(
            .typeMapping, key,
            "Map of links became a to-many relationship to the generated model \(entry) (key, value): SwiftData "
                + "has no keyed relationship; read it as Dictionary(uniqueKeysWithValues: "
                + "\(property.name).map { ($0.key, $0.value) })", property.sourceLocation)
        linkMapEntries.append(
            LinkMapEntryModel(
                name: entry, owner: naming.type(object.name), target: naming.type(target.name),
                condition: object.condition.adding(property.condition)))
        return member
    }

    func deleteRule(for property: ModelProperty, key: String) -> DeleteRule? {
        options.deleteRules[key] ?? property.deleteRuleOverride
    }

    mutating func addedInverse(_ added: RelationshipPlan.AddedInverse, on object: ModelClass) -> Member {
        let source = naming.type(added.sourceClass)
        var member = Member(name: added.name, type: added.isToMany ? "[\(source)]" : "\(source)?")
        if added.isToMany {
            member.declarationDefault = "[]"
            if options.cloudKit { member.type = "[\(source)]?" }
        }
        member.comment = "inverse of \(source).\(added.sourceProperty), added by carryover"
        let subject = "\(object.name).\(added.name)"
        report.construct(
            subject, "(none: Realm keeps no inverse of \(added.sourceClass).\(added.sourceProperty))",
            "var \(added.name): \(member.type)", nil)
        let forward = schema[className: added.sourceClass]?[property: added.sourceProperty]
        if options.cloudKit && forward?.collection == .single {
            // Only CloudKit needs inverses of to-one links; the inverse of a list is added in every mode.
            report.cloudKitChange(subject, "no inverse", "var \(added.name): \(member.type)", nil)
        }
        return member
    }

    mutating func attributeMember(_ property: ModelProperty, of object: ModelClass, isUnique: Bool) -> Member? {
        let key = "\(object.name).\(property.name)"
        let realm =
            property.declaredAs ?? "\(property.name): \(property.type.rawValue) (\(property.collection.rawValue))"
        noteTypeMapping(property, key: key)
        let type = mapping.attributeType(property)
        let name = property.name
        var member = Member(name: name, type: type)
        var attributeOptions: [String] = []
        if isUnique && !options.cloudKit && options.minimumIOS == .iOS17 { attributeOptions.append(".unique") }
        if let original = originalNames[key] { attributeOptions.append("originalName: \"\(original)\"") }
        if !attributeOptions.isEmpty {
            member.inlineAttribute = "@Attribute(\(attributeOptions.joined(separator: ", "))) "
        }
        let (defaultValue, notCarried) = mapping.defaultValue(property)
        if defaultValue.contains(TypeMapping.objectIDType) { usesObjectID = true }
        if let notCarried {
            report.human(
                .defaultValue, key,
                "default '\(notCarried)' not carried over (it may not compile outside the Realm model); Realm's "
                    + "implicit default '\(defaultValue)' is used instead", property.sourceLocation)
        }
        let hasExplicitDefault = property.defaultValue != nil && notCarried == nil
        let generatesIdentity = property.type == .objectId || property.type == .uuid
        let isOptionalValue = type.hasSuffix("?")
        member.parameterDefault =
            isUnique && !hasExplicitDefault && !generatesIdentity ? .some(nil) : .some(defaultValue)
        if options.cloudKit && !isOptionalValue {
            member.declarationDefault = defaultValue
            report.cloudKitChange(
                key, "var \(name): \(type)", "var \(name): \(type) = \(defaultValue)", property.sourceLocation)
        }
        let became = "\(member.inlineAttribute)var \(member.name): \(member.type)"
        report.construct(key, realm, became, property.sourceLocation)
        return member
    }

    mutating func noteTypeMapping(_ property: ModelProperty, key: String) {
        switch property.type {
        case .decimal128 where property.declaredSwiftType == "String":
            report.human(
                .typeMapping, key,
                "Decimal128 became String (each value's text, e.g. \"1E+6000\"): the Realm file holds values "
                    + "Foundation Decimal cannot (\(options.decimalsStoredAsText[key] ?? "from the data")); parse with "
                    + "Decimal(string:) where they fit", property.sourceLocation)
        case .decimal128:
            report.human(
                .typeMapping, key,
                "Decimal128 became Foundation Decimal (38-digit mantissa, exponent -128...127): NaN, infinities and "
                    + "Decimal128 exponents beyond that range cannot be stored", property.sourceLocation)
        case .objectId:
            usesObjectID = true
            report.human(
                .typeMapping, key, "ObjectId became its 24-digit lowercase hex text (String)", property.sourceLocation)
        case .mixed:
            usesMixedValue = true
            report.human(
                .typeMapping, key,
                "AnyRealmValue became the generated Codable enum MixedValue; links inside it are stored as the "
                    + "target's class name and realmObjectKey, not as relationships", property.sourceLocation)
        default:
            break
        }
        if property.storesNaNAsNil {
            let becomes = property.type == .mixed ? ".null" : "nil"
            report.human(
                .typeMapping, key,
                "holds NaN (\(options.valuesHoldingNaN[key] ?? "from the data")): SwiftData's SQLite store keeps a NaN "
                    + "as NULL, so the \(property.type == .mixed ? "MixedValue" : "value") is optional and each NaN "
                    + "becomes \(becomes)\(property.isOptional ? ", like a null" : "")",
                property.sourceLocation)
        }
        if property.collection == .set && property.type != .object {
            report.human(
                .typeMapping, key, "MutableSet became an array: elements are not kept distinct", property.sourceLocation
            )
        }
    }
}
