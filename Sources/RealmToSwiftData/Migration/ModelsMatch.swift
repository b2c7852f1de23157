import MigrationEngine
import SwiftData

/// Checks, before anything is written, that the importer's models hold every stored field of the Realm file.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
enum ModelsMatch {
    /// Every way the importer and the file's schema (embedded objects inlined) disagree; empty when they match.
    static func mismatches(of importer: any RealmImporter, against schema: MigrationSchema) -> [String] {
        var problems: [String] = []
        var expected: [String: [String: FieldExpectation]] = [:]
        for classImporter in importer.classes {
            let name = SwiftDataSink.realmClassName(of: classImporter)
            if expected[name] != nil { problems.append("two importers for the Realm class \(name)") }
            expected[name] = expectations(of: classImporter)
        }
        for cls in schema.classes {
            guard let fields = expected[cls.name] else {
                problems.append(
                    "the Realm file's class \(cls.name) has no model: its \(cls.fields.count) fields would be lost")
                continue
            }
            for field in cls.fields {
                guard let expectation = fields[field.name] else {
                    problems.append(
                        "\(cls.name).\(field.name) (\(describe(field))) is in the Realm file but no model property holds it"
                    )
                    continue
                }
                if !accepts(expectation, field) {
                    problems.append(
                        "\(cls.name).\(field.name) is \(describe(field)) in the Realm file; the model expects \(describe(expectation))"
                    )
                }
            }
            let stored = Set(cls.fields.map(\.name))
            for name in fields.keys.sorted() where !stored.contains(name) {
                problems.append("the model maps \(cls.name).\(name), which the Realm file does not have")
            }
        }
        return problems
    }

    private static func expectations(of importer: any RealmClassImporter) -> [String: FieldExpectation] {
        func collect<Importer: RealmClassImporter>(_ importer: Importer) -> [String: FieldExpectation] {
            Dictionary(importer.fields.map { ($0.name, $0.expectation) }, uniquingKeysWith: { first, _ in first })
        }
        return collect(importer)
    }

    private static func accepts(_ expectation: FieldExpectation, _ field: FieldDescription) -> Bool {
        guard expectation.type == field.type, expectation.targetClass == field.targetClass else { return false }
        if field.type == .link {
            // Realm's to-one links are always optional; a to-many takes a list or a set of links; a map of links
            // needs its entry models.
            switch field.collection {
            case .single: return expectation.collection == .single
            case .list, .set: return expectation.collection == .list
            case .dictionary: return expectation.collection == .dictionary
            }
        }
        return expectation.collection == field.collection && expectation.isOptional == field.isOptional
    }

    private static func describe(_ field: FieldDescription) -> String {
        describe(
            FieldExpectation(
                type: field.type, collection: field.collection, isOptional: field.isOptional,
                targetClass: field.targetClass))
    }

    private static func describe(_ expectation: FieldExpectation) -> String {
        var text = expectation.type.rawValue
        if let target = expectation.targetClass { text += " \(target)" }
        if expectation.isOptional { text += "?" }
        switch expectation.collection {
        case .single: break
        case .list: text = "list of \(text)"
        case .set: text = "set of \(text)"
        case .dictionary: text = "dictionary of \(text)"
        }
        return text
    }
}
