import Foundation
import RealmModelParser
import RealmQueryConversion
import RealmThreadingConversion
import SwiftDataCodegen
import SwiftSourceSyntax

/// What the audit converts for the app, not just names: its queries (``RealmQueryConverter``) and its background
/// Realm types (``RealmThreadingConversion``), against the models `carryover realm models` generates from the same
/// sources with the same options — so converted code uses the generated names, renames included.
struct AuditConversions: Sendable {
    /// The generated models' names and shapes; `nil` when the sources hold no model the generator can read.
    let catalog: GeneratedModelCatalog?
    /// Why there is no catalog, for the report.
    let catalogProblem: String?
    /// In the files of a target that sees a model named apart, the name its code writes → the model's name.
    private var modelNamesInFile: [String: [String: String]] = [:]

    /// Runs the models pipeline (the parser, then the generator, as `realm models` does) over the audited sources.
    /// Objective-C model sources (`objectiveC`) join the Swift ones, links resolving across both, as in
    /// `realm models`.
    init(
        sources: [RealmModelParser.SourceFile], objectiveC: [RealmModelParser.SourceFile] = [], modules: ModulePlan,
        options: CodegenOptions
    ) {
        let parsed = RealmModelParser.adding(
            objectiveC: objectiveC, to: RealmModelParser.parse(sources, modules: modules))
        let schema = parsed.schema
        modelNamesInFile = parsed.modelNamesInFile
        guard !schema.objectTypes.isEmpty else {
            catalog = nil
            catalogProblem =
                "no models to convert against (no Realm model classes in the audited sources): queries and actor "
                + "drafts are not converted"
            return
        }
        catalog = SwiftDataCodegen.generate(schema, options: options).catalog
        catalogProblem = nil
    }

    /// A conversion of a query on a list property: its predicate and sorts hold, but a fetch would read every
    /// object of the class, not the list's.
    private static func onList(_ conversion: QueryConversion, _ list: (property: String, elementClass: String))
        -> QueryConversion
    {
        var result = conversion
        let property = list.property.split(separator: ".").last.map(String.init) ?? list.property
        let message =
            "the query runs on the list \(list.property), not on every \(list.elementClass): a FetchDescriptor "
            + "cannot be limited to one model's relationship"
        let instead =
            "filter the relationship in Swift with the predicate (`try model.\(property).filter { try "
            + "predicate.evaluate($0) }`), or fetch with a predicate on the inverse relationship"
        result.outcome = .notConvertible
        result.problems.append(QueryConversion.Problem(message: message, offset: nil, instead: instead))
        return result
    }

    /// The element class of a model's list property (`Item.relations` → `Relation`), from the models.
    private func listElementClass(_ listProperty: String, names: [String: String]) -> (
        property: String, elementClass: String
    )? {
        var parts = listProperty.split(separator: ".").map(String.init)
        if let first = parts.first, let model = names[first] { parts[0] = model }
        guard parts.count == 2, let catalog,
            let owner = catalog.classes.first(where: { $0.realmName == parts[0] || $0.swiftName == parts[0] }),
            let property = owner.properties.first(where: { $0.realmName == parts[1] })
        else { return nil }
        switch property.shape {
        case .toMany(let realmClass, _), .list(_, _, let realmClass, _), .embeddedList(let realmClass):
            return ("\(owner.realmName).\(property.realmName)", realmClass)
        default:
            return nil
        }
    }

    /// A conversion without models (one file audited on its own): nothing is converted.
    init() {
        catalog = nil
        catalogProblem = nil
    }

    /// The file's findings with their query conversions, and the actor drafts of its background Realm types; the
    /// writes, background uses and Realm openings inside a drafted type are marked as converted by its draft.
    /// `modelsPath` is the file's path among the sources the models were read from (its target's names);
    /// `draftingActors` is `false` for Objective-C files (the threading conversion reads Swift).
    func convert(
        _ findings: [RealmAuditFinding], source: String, path: String, modelsPath: String? = nil,
        draftingActors: Bool = true
    ) -> (
        findings: [RealmAuditFinding], drafts: [ModelActorDraft]
    ) {
        let queries = catalog.map { RealmQueryConverter(catalog: $0) }
        let names = modelNamesInFile[modelsPath ?? path] ?? [:]
        var converted = findings.map { finding -> RealmAuditFinding in
            guard let query = finding.query else { return finding }
            var finding = finding
            let list =
                query.elementClass == nil ? query.listProperty.flatMap { listElementClass($0, names: names) } : nil
            finding.convertedQuery = queries?.convert(
                query.swiftEquivalent ?? query.expression.text, elementClass: query.elementClass ?? list?.elementClass,
                modelNames: names)
            if let list, let conversion = finding.convertedQuery {
                finding.inference = "queries the list property \(list.property) (its element class from the models)"
                finding.convertedQuery = Self.onList(conversion, list)
            }
            finding.convertedBy = finding.convertedQuery?.outcome == .converted ? .queryConversion : .byHand
            return finding
        }
        guard let catalog, draftingActors else { return (converted, []) }
        let drafts = RealmThreadingConversion(catalog: catalog).convert(source: source, file: path).drafts
        // What a draft re-expresses: the type's writes, background uses and Realm openings.
        let draftedTypes = Set(drafts.map(\.originalType))
        for index in converted.indices {
            guard let type = converted[index].enclosingType, draftedTypes.contains(type.name),
                [.write, .threading, .realmOpen].contains(converted[index].category)
            else { continue }
            converted[index].convertedBy = .actorDraft
        }
        return (converted, drafts)
    }
}
