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
    var linkMapEntries: [LinkMapEntryModel] = []
    /// `LinkingObjects` whose origin is a list, computed from its entries; written after the models.
    var linkingObjectsOfLists: [ListLinkingObjects] = []
    /// `RealmClass.property` of a list → the delete rule of its entries' `target` (`.cascade` when the list's rule
    /// is cascade, so deleting the owner deletes what it lists).
    var entryTargetRules: [String: DeleteRule] = [:]
    /// Whether any list of links is generated (the models then need the entry protocol).
    var hasLists: Bool { !plan.lists.isEmpty }
    /// Realm class → the properties its generated `init` takes, in order (what the importer passes).
    var initParameters: [String: [InitParameter]] = [:]

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
        renderLists(into: &writer)
        if hasLists {
            writer.line()
            SupportTypes.listEntry(into: &writer)
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

    static func write(_ member: Member, into writer: inout CodeWriter) {
        if let doc = member.docComment { writer.line("/// \(doc)") }
        if let attribute = member.attributeLine { writer.line(attribute) }
        var text = "\(member.inlineAttribute)var \(SwiftIdentifier.declared(member.name)): \(member.type)"
        if let value = member.declarationDefault { text += " = \(value)" }
        if let comment = member.comment { text += "  // \(comment)" }
        writer.line(text)
    }

    static func writeInitializer(_ members: [Member], into writer: inout CodeWriter) {
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
