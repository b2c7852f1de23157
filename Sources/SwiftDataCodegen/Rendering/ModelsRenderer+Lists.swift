import RealmSchema

/// Realm lists of links: the owner's relationship to its entries, the target's inverse, the entry models, the
/// ordered accessor with its editing helpers, and `LinkingObjects` computed from the entries.
///
/// For `Album.tracks: List<Track>`:
///
/// ```swift
/// // in Album
/// @Relationship(deleteRule: .cascade, inverse: \AlbumTracksEntry.owner)
/// var tracksEntries: [AlbumTracksEntry] = []
/// // in Track
/// @Relationship(deleteRule: .cascade, inverse: \AlbumTracksEntry.target)
/// var albumTracksEntries: [AlbumTracksEntry] = []
///
/// @Model final class AlbumTracksEntry { var position: Int; var target: Track?; var owner: Album? }
/// extension Album {
///     var tracks: [Track] { … }  // in Realm's order, repeats kept
///     func appendToTracks(_ element: Track); func insertIntoTracks(_:at:); func removeFromTracks(at:)
///     func moveInTracks(from:to:)
/// }
/// ```
extension ModelsRenderer {
    /// The owner's to-many relationship to the entries of the list `property`.
    mutating func listMember(_ property: ModelProperty, key: String, realm: String) -> Member? {
        guard let list = plan.lists[key] else { return nil }
        var rule = deleteRule(for: property, key: key) ?? .nullify
        if options.cloudKit && rule == .deny {
            report.cloudKitChange(key, "deleteRule: .deny", "deleteRule: .nullify", property.sourceLocation)
            rule = .nullify
        }
        let entriesRule: DeleteRule =
            switch rule {
            case .deny: .deny
            case .noAction: .noAction
            case .nullify, .cascade: .cascade
            }
        entryTargetRules[key] = rule == .cascade ? .cascade : .nullify
        // No `originalName:`: the entries are a relationship of their own, not the Realm field.
        var arguments = "deleteRule: .\(entriesRule.rawValue)"
        arguments += ", inverse: \\\(list.entryType).\(Self.entryOwner)"
        var member = Member(
            attributeLine: "@Relationship(\(arguments))", name: list.entriesProperty, type: "[\(list.entryType)]")
        member.declarationDefault = "[]"
        member.docComment =
            "The Realm list `\(property.name)`, one entry per element: read it in order as `\(property.name)`."
        if options.cloudKit {
            member.type = "[\(list.entryType)]?"
            report.cloudKitChange(key, "[\(list.entryType)]", "[\(list.entryType)]?", property.sourceLocation)
        }
        report.construct(
            key, realm,
            "@Relationship(\(arguments)) var \(member.name): \(member.type) (entry models: position, target), read "
                + "in order as '\(property.name)'", property.sourceLocation)
        let suffix = property.name.uppercasingFirst
        report.human(
            .typeMapping, key,
            "List of objects became the entry models \(list.entryType) (position, target): a SwiftData to-many "
                + "relationship is an unordered set and would lose the list's order and repeated elements. Read "
                + "'\(property.name)' (in order, repeats kept); change it with appendTo\(suffix)(_:), "
                + "insertInto\(suffix)(_:at:), removeFrom\(suffix)(at:) and moveIn\(suffix)(from:to:)",
            property.sourceLocation)
        return member
    }

    /// The target's relationship to the entries of `list` that hold it, deleted with it (Realm removes a deleted
    /// object from every list).
    mutating func listTargetInverse(_ list: RelationshipPlan.ListPlan) -> Member {
        let arguments = "deleteRule: .cascade, inverse: \\\(list.entryType).\(Self.entryTarget)"
        var member = Member(
            attributeLine: "@Relationship(\(arguments))", name: list.targetInverse, type: "[\(list.entryType)]")
        member.declarationDefault = "[]"
        if options.cloudKit { member.type = "[\(list.entryType)]?" }
        member.docComment =
            "The entries of `\(naming.type(list.ownerClass)).\(list.property)` that hold this object (added by carryover)."
        report.construct(
            "\(list.targetClass).\(list.targetInverse)",
            "(none: the inverse of the list \(list.ownerClass).\(list.property))",
            "@Relationship(\(arguments)) var \(member.name): \(member.type)", nil)
        return member
    }

    /// A `LinkingObjects` whose origin is a list: reported here, computed from the entries in an extension.
    mutating func listLinkingObjects(
        _ property: ModelProperty, of object: ModelClass, key: String, list: RelationshipPlan.ListPlan
    ) {
        let origin = naming.type(list.ownerClass)
        linkingObjectsOfLists.append(
            ListLinkingObjects(
                name: property.name, list: list, condition: object.condition.adding(property.condition)))
        report.construct(
            key, property.declaredAs ?? "LinkingObjects<\(origin)>",
            "var \(property.name): [\(origin)] (computed from \(list.targetInverse); one that lists it twice counts "
                + "twice)", property.sourceLocation)
    }

    /// The entry models, the ordered accessors and the computed `LinkingObjects`, each under its `#if` clauses.
    func renderLists(into writer: inout CodeWriter) {
        let lists = schema.objectTypes.flatMap { object in
            object.properties.compactMap { plan.lists["\(object.name).\($0.name)"] }
        }
        if !lists.isEmpty { writer.line() }
        ConditionalCode.write(lists, clauses: \.condition.clauses, separated: true, into: &writer) { list, writer in
            renderEntryModel(list, into: &writer)
            writer.line()
            renderAccessors(list, into: &writer)
        }
        if !linkingObjectsOfLists.isEmpty { writer.line() }
        ConditionalCode.write(linkingObjectsOfLists, clauses: \.condition.clauses, separated: true, into: &writer) {
            item, writer in
            let list = item.list
            let origin = naming.type(list.ownerClass)
            let entries = options.cloudKit ? "(\(list.targetInverse) ?? [])" : list.targetInverse
            writer.block("extension \(naming.type(list.targetClass)) {") { writer in
                writer.line(
                    "/// The \(origin) objects whose '\(list.property)' list holds this one (Realm's LinkingObjects): "
                        + "one listing it twice is here twice.")
                writer.line(
                    "var \(SwiftIdentifier.declared(item.name)): [\(origin)] { \(entries).compactMap(\\.owner) }")
            }
        }
    }

    private func renderEntryModel(_ list: RelationshipPlan.ListPlan, into writer: inout CodeWriter) {
        let owner = naming.type(list.ownerClass)
        let target = naming.type(list.targetClass)
        let rule = entryTargetRules["\(list.ownerClass).\(list.property)"] ?? .nullify
        writer.line(
            "/// One element of the Realm list `\(owner).\(list.property)`: its position and the \(target) there (a list "
                + "may hold")
        writer.line("/// one more than once). Read the list in order as `\(owner).\(list.property)`.")
        writer.line("@Model")
        writer.block("final class \(list.entryType) {") { writer in
            writer.line("var \(Self.entryPosition): Int = 0")
            writer.line("@Relationship(deleteRule: .\(rule.rawValue))")
            writer.line("var \(Self.entryTarget): \(target)?")
            writer.line("var \(Self.entryOwner): \(owner)?")
            writer.line()
            writer.block("init(\(Self.entryPosition): Int, \(Self.entryTarget): \(target)?) {") { writer in
                writer.line("self.\(Self.entryPosition) = \(Self.entryPosition)")
                writer.line("self.\(Self.entryTarget) = \(Self.entryTarget)")
            }
        }
        writer.line()
        writer.line("extension \(list.entryType): \(SupportTypes.listEntryProtocol) {}")
    }

    private func renderAccessors(_ list: RelationshipPlan.ListPlan, into writer: inout CodeWriter) {
        let target = naming.type(list.targetClass)
        let name = SwiftIdentifier.declared(list.property)
        let suffix = list.property.uppercasingFirst
        let stored = list.entriesProperty
        let entries = options.cloudKit ? "(\(stored) ?? [])" : stored
        writer.block("extension \(naming.type(list.ownerClass)) {") { writer in
            writer.line(
                "/// The Realm list `\(list.property)`: in its order, each \(target) as often as the list holds it.")
            writer.line("var \(name): [\(target)] { \(entries).inListOrder.compactMap(\\.\(Self.entryTarget)) }")
            writer.line()
            writer.line("/// Appends `element` to `\(list.property)`.")
            writer.line(
                "func appendTo\(suffix)(_ element: \(target)) { insertInto\(suffix)(element, at: \(entries).count) }")
            writer.line()
            writer.line("/// Inserts `element` into `\(list.property)` at `index` (0 through its count).")
            writer.block("func insertInto\(suffix)(_ element: \(target), at index: Int) {") { writer in
                writer.line("let entry = \(list.entryType)(\(Self.entryPosition): index, \(Self.entryTarget): element)")
                writer.line("modelContext?.insert(entry)")
                writer.line("\(stored) = \(entries).inserting(entry, at: index)")
            }
            writer.line()
            writer.line("/// Removes the element at `index` from `\(list.property)`; the \(target) itself is kept.")
            writer.block("func removeFrom\(suffix)(at index: Int) {") { writer in
                writer.line("let (remaining, removed) = \(entries).removing(at: index)")
                writer.line("removed.\(Self.entryTarget) = nil")
                writer.line("\(stored) = remaining")
                writer.line("modelContext?.delete(removed)")
            }
            writer.line()
            writer.line("/// Moves the element at `source` of `\(list.property)` to `destination`.")
            writer.block("func moveIn\(suffix)(from source: Int, to destination: Int) {") { writer in
                writer.line("\(stored) = \(entries).moving(from: source, to: destination)")
            }
        }
    }

    /// A `LinkingObjects` computed from the entries of a list.
    struct ListLinkingObjects {
        var name: String
        var list: RelationshipPlan.ListPlan
        /// The `#if` clauses of the `LinkingObjects` property: its class's, then its own.
        var condition: SourceCondition?
    }

    /// The entry model's properties: its position in the list, the model there, and the list's owner.
    static let entryPosition = "position"
    static let entryTarget = "target"
    static let entryOwner = "owner"
}
