import RealmSchema

/// The `@Model` classes: one whole class per combination of its members' `#if` clauses, with its `#Unique`,
/// `#Index` and `init`.
extension ModelsRenderer {
    mutating func renderModel(_ object: ModelClass, into writer: inout CodeWriter) {
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
        for list in plan.lists(targeting: object.name) {
            var member = underCondition(list.condition) { $0.listTargetInverse(list) }
            member.condition = list.condition?.removing(object.condition)
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
    static func writeModel(
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
    mutating func reportKeysAndIndexes(of object: ModelClass) {
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

    mutating func reportTooManyVariants(_ object: ModelClass) {
        report.human(
            .input, object.name,
            "more than \(ConditionalCode.maximumVariants) combinations of '#if' clauses among its properties: the "
                + "generated model does not tell every combination apart; check it under each condition",
            object.sourceLocation)
    }

    /// Runs `body`; every construct it reports is marked with `condition`.
    mutating func underCondition<Result>(
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
}
