import Foundation
import RealmModelParser
import RealmQueryConversion
import RealmThreadingConversion
import SwiftDataCodegen

/// What the audit converts for the app, not just names: its queries (``RealmQueryConverter``) and its background
/// Realm types (``RealmThreadingConversion``), against the models `carryover realm models` generates from the same
/// sources with the same options — so converted code uses the generated names, renames included.
struct AuditConversions: Sendable {
    /// The generated models' names and shapes; `nil` when the sources hold no model the generator can read.
    let catalog: GeneratedModelCatalog?
    /// Why there is no catalog, for the report.
    let catalogProblem: String?

    /// Runs the models pipeline (the parser, then the generator, as `realm models` does) over the audited sources.
    init(sources: [RealmModelParser.SourceFile], options: CodegenOptions) {
        let schema = RealmModelParser.parse(sources).schema
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

    /// A conversion without models (one file audited on its own): nothing is converted.
    init() {
        catalog = nil
        catalogProblem = nil
    }

    /// The file's findings with their query conversions, and the actor drafts of its background Realm types; the
    /// writes, background uses and Realm openings inside a drafted type are marked as converted by its draft.
    func convert(_ findings: [RealmAuditFinding], source: String, path: String) -> (
        findings: [RealmAuditFinding], drafts: [ModelActorDraft]
    ) {
        let queries = catalog.map { RealmQueryConverter(catalog: $0) }
        var converted = findings.map { finding -> RealmAuditFinding in
            guard let query = finding.query else { return finding }
            var finding = finding
            finding.convertedQuery = queries?.convert(query.expression.text, elementClass: query.elementClass)
            finding.convertedBy = finding.convertedQuery?.outcome == .converted ? .queryConversion : .byHand
            return finding
        }
        guard let catalog else { return (converted, []) }
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
