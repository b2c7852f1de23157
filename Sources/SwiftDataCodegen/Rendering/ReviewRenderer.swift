import RealmSchema

/// Renders the members Realm did not persist (computed properties, methods, ignored properties, nested types) as
/// extensions of the generated types, for a human to review. The file is not meant to compile as is.
struct ReviewRenderer {
    let schema: ModelSchema
    let naming: Naming

    /// Realm API names whose use in carried-over code needs rewriting for SwiftData.
    static let realmAPIs: Set<String> = [
        "realm", "Realm", "RealmSwift", "isInvalidated", "observe", "freeze", "thaw", "isFrozen", "write", "objects",
        "Results", "ThreadSafeReference", "NotificationToken", "LinkingObjects", "List", "MutableSet", "Map",
        "RealmOptional", "RealmProperty", "objectSchema", "isSameObject", "ObjectChange", "RealmCollectionChange",
        "sorted", "filter", "Persisted", "ObjectId", "Decimal128", "AnyRealmValue", "beginWrite", "commitWrite",
        "cancelWrite", "create", "add", "delete", "dynamicList", "value", "setValue",
    ]

    /// Realm API names used in `text`, sorted: identifiers outside comments and string literals are not
    /// distinguished, so a word in a comment counts too (a false alarm costs a glance, a miss costs a bug).
    static func realmAPIsUsed(in text: String) -> [String] {
        var found: Set<String> = []
        var word = ""
        for character in text + " " {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                if realmAPIs.contains(word) { found.insert(word) }
                word = ""
            }
        }
        return found.sorted()
    }

    func render(report: inout ConversionReport) -> String? {
        var writer = CodeWriter()
        var any = false
        for object in schema.objectTypes {
            guard let members = object.unpersistedMembers, !members.isEmpty else { continue }
            any = true
            let name = naming.type(object.name)
            writer.line()
            writer.line("// MARK: - \(object.name) → \(name)")
            writer.line()
            writer.block("extension \(name) {") { writer in
                for (index, member) in members.enumerated() {
                    if index > 0 { writer.line() }
                    let subject = "\(object.name).\(member.name)"
                    let apis = Self.realmAPIsUsed(in: member.sourceText)
                    let location = member.sourceLocation.map { " (\($0))" } ?? ""
                    let rule = member.exclusionRule.map { " (not persisted: \($0))" } ?? ""
                    writer.line("// \(Self.describe(member.kind)) '\(member.name)'\(location)\(rule)")
                    if member.kind == .unconvertedPersistedProperty {
                        report.human(
                            .notImported, subject,
                            "persisted property not converted: its stored data would be lost; the error on its line "
                                + "says what to add (carried over in CarriedOverMembers.swift.txt)",
                            member.sourceLocation)
                    } else {
                        report.human(
                            .unpersistedMember, subject,
                            "\(Self.describe(member.kind))\(rule) carried over for review in CarriedOverMembers.swift.txt",
                            member.sourceLocation)
                    }
                    if !apis.isEmpty {
                        writer.line("// carryover: uses Realm API: \(apis.joined(separator: ", "))")
                        report.human(
                            .realmAPIInCarriedCode, subject, "uses \(apis.joined(separator: ", "))",
                            member.sourceLocation)
                    }
                    for line in Self.reindented(member.sourceText) { writer.line(line) }
                }
            }
        }
        guard any else { return nil }
        return CodeWriter.header(
            "Members of the Realm classes that Realm does not persist, carried over for review.\n"
                + "// Not compiled: move what you keep into the models and replace the Realm APIs the report lists.")
            + writer.text
    }

    private static func describe(_ kind: SourceMember.Kind) -> String {
        switch kind {
        case .computedProperty: "computed property"
        case .ignoredProperty: "ignored property"
        case .method: "method"
        case .initializer: "initializer"
        case .subscript: "subscript"
        case .nestedType: "nested type"
        case .unconvertedPersistedProperty: "persisted property NOT converted (its data would be lost)"
        case .other: "member"
        }
    }

    /// The member's lines with the indentation of its continuation lines made relative to its first line.
    private static func reindented(_ text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.reversed().drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" }).reversed())
        }
        let continuation = lines.dropFirst().filter { !$0.isEmpty }
        let indent = continuation.map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
        return lines.enumerated().map { index, line in
            index == 0 || line.isEmpty
                ? line : String(line.dropFirst(min(indent, line.prefix(while: { $0 == " " }).count)))
        }
    }
}
