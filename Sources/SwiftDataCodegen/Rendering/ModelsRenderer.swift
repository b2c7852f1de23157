import RealmSchema

/// Renders the models file: `@Model` classes, `Codable` structs for embedded objects, enums, support types.
struct ModelsRenderer {
    let schema: ModelSchema
    let options: CodegenOptions
    let naming: Naming
    let plan: RelationshipPlan
    let mapping: TypeMapping
    /// `Class.property` → the Realm name, for properties `PropertyNaming` renamed.
    let originalNames: [String: String]
    var report: ConversionReport
    var usesMixedValue = false
    var usesObjectID = false
    /// The entry models of the maps of links rendered so far, written after the models.
    private var linkMapEntries: [LinkMapEntryModel] = []
    /// Realm class → the properties its generated `init` takes, in order (what the importer passes).
    private(set) var initParameters: [String: [InitParameter]] = [:]

    /// A property the generated `init` takes, and the `#if` clauses it exists under inside its class.
    struct InitParameter {
        var name: String
        var condition: SourceCondition?
    }

    /// A stored property of a generated type, ready to print.
    struct Member {
        var docComment: String?
        var attributeLine: String?
        var inlineAttribute = ""
        var name: String
        var type: String
        var declarationDefault: String?
        var comment: String?
        /// The initializer parameter, if the member is set by `init`.
        var parameterDefault: String??
        /// The `#if` clauses inside the class the member exists under.
        var condition: SourceCondition?
        /// The class macro that names the member: `#Unique` (its primary key) or `#Index`.
        var macro: Macro?
    }

    /// A class macro that names a member.
    enum Macro {
        case unique, index
    }

    init(
        schema: ModelSchema, options: CodegenOptions, naming: Naming, plan: RelationshipPlan,
        originalNames: [String: String],
        report: ConversionReport
    ) {
        self.originalNames = originalNames
        self.schema = schema
        self.options = options
        self.naming = naming
        self.plan = plan
        self.report = report
        let enums = Dictionary((schema.enumTypes ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        mapping = TypeMapping(naming: naming, enums: enums)
    }

    mutating func render() -> String {
        var writer = CodeWriter()
        writer.line("import Foundation")
        writer.line("import SwiftData")
        if !schema.objectTypes.isEmpty { writer.line() }
        ConditionalCode.write(schema.objectTypes, clauses: \.condition.clauses, separated: true, into: &writer) {
            object, writer in
            if object.kind == .embedded {
                renderEmbedded(object, into: &writer)
            } else {
                renderModel(object, into: &writer)
            }
            renderNestedEnums(of: object, into: &writer)
        }
        let topLevelEnums = (schema.enumTypes ?? []).filter { naming.enclosingModel(ofEnum: $0.name) == nil }
        if !topLevelEnums.isEmpty { writer.line() }
        ConditionalCode.write(topLevelEnums, clauses: \.condition.clauses, separated: true, into: &writer) {
            enumSchema, writer in
            renderEnum(enumSchema, into: &writer)
        }
        if !linkMapEntries.isEmpty { writer.line() }
        ConditionalCode.write(linkMapEntries, clauses: \.condition.clauses, separated: true, into: &writer) {
            entry, writer in
            entry.render(into: &writer)
        }
        writer.line()
        SupportTypes.realmMigrationState(into: &writer)
        if usesMixedValue {
            writer.line()
            SupportTypes.mixedValue(into: &writer)
        }
        if usesObjectID {
            writer.line()
            SupportTypes.objectIDText(into: &writer)
        }
        return CodeWriter.header(
            "SwiftData models converted from Realm; see the conversion report for what needs a human.")
            + "\n" + writer.text
    }

    // MARK: Models

    private mutating func renderModel(_ object: ModelClass, into writer: inout CodeWriter) {
        let name = naming.type(object.name)
        report.construct(
            object.name, realmDeclaration(object), "@Model final class \(name)", object.sourceLocation,
            condition: object.condition)
        if object.kind == .asymmetric {
            report.human(
                .unsupported, object.name,
                "AsymmetricObject (write-only, synced to the server) became an ordinary model; SwiftData has no "
                    + "write-only sync", object.sourceLocation)
        }
        if let parent = object.superclassName {
            report.human(
                .unsupported, object.name,
                "subclass of the model '\(parent)': its properties are copied in; SwiftData model inheritance needs "
                    + "iOS 26", object.sourceLocation)
        }
        var members: [Member] = []
        let indexesKey = options.minimumIOS == .iOS18 && !options.cloudKit
        reportKeysAndIndexes(of: object)
        for property in object.properties {
            let isUnique = property.name == object.primaryKey
            if var member = underCondition(
                object.condition.adding(property.condition),
                {
                    $0.modelMember(property, of: object, isUnique: isUnique)
                })
            {
                member.condition = property.condition
                if options.minimumIOS == .iOS18 {
                    if isUnique && !options.cloudKit {
                        member.macro = .unique
                    } else if !isUnique && property.isIndexed && property.type != .linkingObjects
                        && property.type != .object
                    {
                        member.macro = .index
                    }
                }
                members.append(member)
            }
        }
        for added in plan.addedInverses[object.name] ?? [] {
            // Under the forward link's clauses, less those the class itself is under.
            var member = underCondition(added.condition) { $0.addedInverse(added, on: object) }
            member.condition = added.condition?.removing(object.condition)
            members.append(member)
        }
        members.append(realmObjectKeyMember(of: object, indexed: indexesKey))
        initParameters[object.name] = members.filter { $0.parameterDefault != nil }.map {
            InitParameter(name: $0.name, condition: $0.condition)
        }
        // One whole class per combination of its members' clauses: `@Model` reads the class's syntax, and a
        // macro cannot tell which clause of an `#if` among the members is active.
        let complete = ConditionalCode.variants(members, clauses: \.condition.clauses, into: &writer) {
            members, writer in
            Self.writeModel(name, members: members, indexesKey: indexesKey, into: &writer)
        }
        if !complete { reportTooManyVariants(object) }
    }

    /// One `@Model` class with `members` (none under `#if`), its `#Unique` and `#Index`, and its `init`.
    private static func writeModel(
        _ name: String, members: [Member], indexesKey: Bool, into writer: inout CodeWriter
    ) {
        var macros: [String] = []
        if let key = members.first(where: { $0.macro == .unique }) {
            macros.append("#Unique<\(name)>([\\.\(key.name)])")
        }
        let keyPaths =
            members.filter { $0.macro == .index }.map { "[\\.\($0.name)]" }
            + (indexesKey ? ["[\\.\(PropertyNaming.realmObjectKey)]"] : [])
        if !keyPaths.isEmpty { macros += wrappedCall("#Index<\(name)>", arguments: keyPaths) }
        writer.line("@Model")
        writer.block("final class \(name) {") { writer in
            for line in macros { writer.line(line) }
            if !macros.isEmpty && !members.isEmpty { writer.line() }
            for member in members { write(member, into: &writer) }
            if !members.isEmpty { writer.line() }
            writeInitializer(members.filter { $0.parameterDefault != nil }, into: &writer)
        }
    }

    /// Reports the class's primary key and indexes: what became `#Unique` / `#Index`, what was dropped.
    private mutating func reportKeysAndIndexes(of object: ModelClass) {
        let name = naming.type(object.name)
        let primaryKey = object.primaryKey
        let keys = object.properties.filter { $0.name == primaryKey }
        for key in keys {
            let subject = "\(object.name).\(key.name)"
            if options.cloudKit {
                report.cloudKitChange(subject, "primary key (unique)", "no unique constraint", key.sourceLocation)
                report.human(
                    .cloudKit, subject,
                    "CloudKit does not allow unique constraints: uniqueness of '\(key.name)' is no longer enforced; "
                        + "deduplicate after sync", key.sourceLocation)
            } else if options.minimumIOS == .iOS18 {
                report.construct(
                    subject, "primary key", "#Unique<\(name)>([\\.\(key.name)])", key.sourceLocation,
                    condition: object.condition.adding(key.condition))
            }
        }
        let indexed = object.properties.filter {
            $0.isIndexed && $0.name != primaryKey && $0.type != .linkingObjects && $0.type != .object
        }
        for property in indexed {
            let subject = "\(object.name).\(property.name)"
            let condition = object.condition.adding(property.condition)
            if options.minimumIOS == .iOS18 {
                report.construct(
                    subject, "indexed", "#Index<\(name)>([\\.\(property.name)])", property.sourceLocation,
                    condition: condition)
            } else {
                report.construct(subject, "indexed", "no index (iOS 17)", property.sourceLocation, condition: condition)
                report.human(
                    .droppedIndex, subject,
                    "index dropped: SwiftData declares indexes with #Index, which needs a minimum of iOS 18",
                    property.sourceLocation)
            }
        }
        for property in object.properties where property.isFullTextIndexed {
            report.human(
                .droppedIndex, "\(object.name).\(property.name)", "full-text index dropped: SwiftData has none",
                property.sourceLocation)
        }
    }

    private mutating func reportTooManyVariants(_ object: ModelClass) {
        report.human(
            .input, object.name,
            "more than \(ConditionalCode.maximumVariants) combinations of '#if' clauses among its properties: the "
                + "generated model does not tell every combination apart; check it under each condition",
            object.sourceLocation)
    }

    /// Runs `body`; every construct it reports is marked with `condition`.
    private mutating func underCondition<Result>(
        _ condition: SourceCondition?, _ body: (inout Self) -> Result
    ) -> Result {
        let first = report.constructs.count
        let result = body(&self)
        if let written = condition.map(\.description), !written.isEmpty {
            for index in first..<report.constructs.count where report.constructs[index].condition == nil {
                report.constructs[index].condition = written
            }
        }
        return result
    }

    func realmDeclaration(_ object: ModelClass) -> String {
        let base: String =
            switch object.kind {
            case .topLevel: "Object"
            case .embedded: "EmbeddedObject"
            case .asymmetric: "AsymmetricObject"
            }
        return "class \(object.name): \(object.superclassName ?? base)"
    }

    private mutating func modelMember(_ property: ModelProperty, of object: ModelClass, isUnique: Bool) -> Member? {
        let key = "\(object.name).\(property.name)"
        let realm =
            property.declaredAs ?? "\(property.name): \(property.type.rawValue) (\(property.collection.rawValue))"
        switch PropertyRole(property, of: object, in: schema) {
        case .linkingObjects:
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
        case .toOne(let target), .toMany(let target):
            return relationshipMember(property, key: key, target: target, realm: realm)
        case .attribute:
            return attributeMember(property, of: object, isUnique: isUnique)
        }
    }

    /// `realmObjectKey`, which the migration fills with the object's key in the Realm file.
    private mutating func realmObjectKeyMember(of object: ModelClass, indexed: Bool) -> Member {
        let name = PropertyNaming.realmObjectKey
        var member = Member(name: name, type: "Int64", declarationDefault: "0")
        member.docComment =
            "The object's key in the Realm file, used by the migration for links, resume and verification."
        report.construct(
            "\(object.name).\(name)", "(the object's key in the Realm file)",
            "var \(name): Int64 = 0" + (indexed ? " + #Index<\(naming.type(object.name))>([\\.\(name)])" : ""), nil)
        return member
    }

    private mutating func relationshipMember(_ property: ModelProperty, key: String, target: ModelClass, realm: String)
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
                report.human(
                    .typeMapping, key,
                    "MutableSet became an array: SwiftData does not keep the elements distinct", property.sourceLocation
                )
            }
        }
        report.construct(
            key, realm, "@Relationship(\(arguments)) var \(member.name): \(member.type)", property.sourceLocation)
        return member
    }

    /// A map of links: a to-many relationship to its entry models, which are deleted with the owner.
    private mutating func linkMapMember(
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

    private func deleteRule(for property: ModelProperty, key: String) -> DeleteRule? {
        options.deleteRules[key] ?? property.deleteRuleOverride
    }

    private mutating func addedInverse(_ added: RelationshipPlan.AddedInverse, on object: ModelClass) -> Member {
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

    private mutating func attributeMember(_ property: ModelProperty, of object: ModelClass, isUnique: Bool) -> Member? {
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
        if property.collection == .set && property.type != .object {
            report.human(
                .typeMapping, key, "MutableSet became an array: elements are not kept distinct", property.sourceLocation
            )
        }
    }

    /// `callee(a, b, …)` on one line when it fits in 120 columns (at one level of indentation), otherwise with the
    /// arguments filled onto continuation lines the way `swift format` breaks them.
    static func wrappedCall(_ callee: String, arguments: [String]) -> [String] {
        let single = "\(callee)(\(arguments.joined(separator: ", ")))"
        if single.count + 4 <= 120 { return [single] }
        var lines = ["\(callee)("]
        var current = ""
        for (index, argument) in arguments.enumerated() {
            let isLast = index == arguments.count - 1
            let piece = argument + (isLast ? ")" : ",")
            let candidate = current.isEmpty ? piece : current + " " + piece
            if current.isEmpty || candidate.count + 8 <= 120 {
                current = candidate
            } else {
                lines.append("    " + current)
                current = piece
            }
        }
        lines.append("    " + current)
        return lines
    }

    private static func write(_ member: Member, into writer: inout CodeWriter) {
        if let doc = member.docComment { writer.line("/// \(doc)") }
        if let attribute = member.attributeLine { writer.line(attribute) }
        var text = "\(member.inlineAttribute)var \(SwiftIdentifier.declared(member.name)): \(member.type)"
        if let value = member.declarationDefault { text += " = \(value)" }
        if let comment = member.comment { text += "  // \(comment)" }
        writer.line(text)
    }

    private static func writeInitializer(_ members: [Member], into writer: inout CodeWriter) {
        let parameters = members.compactMap { member -> (Member, String)? in
            guard let parameterDefault = member.parameterDefault else { return nil }
            var text = "\(SwiftIdentifier.declared(member.name)): \(member.type)"
            if let value = parameterDefault { text += " = \(value)" }
            return (member, text)
        }
        let singleLine = "init(\(parameters.map(\.1).joined(separator: ", "))) {"
        if singleLine.count + 4 <= 120 {
            writer.line(singleLine)
        } else {
            writer.line("init(")
            for (index, parameter) in parameters.enumerated() {
                writer.line("    " + parameter.1 + (index == parameters.count - 1 ? "" : ","))
            }
            writer.line(") {")
        }
        for (member, _) in parameters {
            writer.line("    self.\(member.name) = \(SwiftIdentifier.declared(member.name))")
        }
        writer.line("}")
    }
}
