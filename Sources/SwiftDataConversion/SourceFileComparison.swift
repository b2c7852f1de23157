import RealmModelParser
import RealmSchema
import SwiftDataCodegen

/// The models read from sources set against a `.realm` file copied from a device: the file gives its type to every
/// persisted property the sources leave open (an initializer the input does not explain), and every class and
/// property where the two differ is a diagnostic, above all a stored column the models would not hold (an error:
/// its data would be lost).
struct SourceFileComparison {
    /// The sources' schema with the properties the file typed.
    private(set) var schema: ModelSchema
    /// The sources' diagnostics without the errors of the properties the file typed, then the differences.
    private(set) var diagnostics: [Diagnostic]
    /// `Class.property` of each stored column (or class) the models do not hold, with where to look.
    private(set) var lostColumns: [(subject: String, message: String, location: SourceLocation?)] = []

    /// Compares `sources` (with their `diagnostics`) with the schema of the file at `filePath`.
    init(sources: ModelSchema, diagnostics: [Diagnostic], file: Schema, filePath: String) {
        schema = sources
        self.diagnostics = []
        var kept = diagnostics
        var differences: [Diagnostic] = []
        let fileLocation = SourceLocation(file: filePath, line: 1)
        let fileClasses = Dictionary(file.objectTypes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for stored in file.objectTypes {
            // The main importer's model of the class, then the models named apart for other targets that read it.
            let main = schema.objectTypes.firstIndex { $0.name == stored.name && $0.realmClassName == nil }
            guard let main else {
                let message =
                    "the file stores class '\(stored.name)' (\(stored.properties.count) properties), which no model "
                    + "declares: its data would not be migrated; give the file that declares it"
                differences.append(Diagnostic(.error, fileLocation, message))
                lostColumns.append((stored.name, message, nil))
                continue
            }
            compare(main, with: stored, fileLocation: fileLocation, diagnostics: &kept, differences: &differences)
            for other in schema.objectTypes.indices where schema.objectTypes[other].realmClassName == stored.name {
                compare(other, with: stored, fileLocation: fileLocation, diagnostics: &kept, differences: &differences)
            }
        }
        for model in schema.objectTypes where fileClasses[model.realmClassName ?? model.name] == nil {
            differences.append(
                Diagnostic(
                    .warning, model.sourceLocation ?? fileLocation,
                    "model '\(model.name)' has no table in the file: a class added since, or named differently in "
                        + "the file"))
        }
        self.diagnostics = kept + differences
    }

    /// Sets the model at `index` against the file's `stored` class: each column the model types differently or
    /// lacks, each property the file lacks; a property whose type the sources left open takes the column's type.
    /// The differences of a model named apart for another target (`TickerWidgetCoinTicker` reading `CoinTicker`)
    /// are warnings: that target may read another file.
    private mutating func compare(
        _ index: Int, with stored: ObjectSchema, fileLocation: SourceLocation, diagnostics kept: inout [Diagnostic],
        differences: inout [Diagnostic]
    ) {
        let model = schema.objectTypes[index]
        let location = model.sourceLocation ?? fileLocation
        let isMain = model.realmClassName == nil
        let severity: Diagnostic.Severity = isMain ? .error : .warning
        let owner = isMain ? "the models" : "model '\(model.name)' (another target's)"
        for column in stored.properties where column.type != .linkingObjects {
            let subject = "\(stored.name).\(column.name)"
            if let declared = model[property: column.name] {
                if let difference = Self.difference(declared.property, column) {
                    differences.append(
                        Diagnostic(
                            severity, declared.sourceLocation ?? location,
                            "'\(subject)' is \(Self.describe(column)) in the file but \(difference) in \(owner): the "
                                + "importer cannot move the stored values into it; declare it as the file stores it"))
                }
                continue
            }
            if let open = model.unpersistedMembers?.firstIndex(where: {
                $0.name == column.name && $0.kind == .unconvertedPersistedProperty
            }) {
                // The sources left its type open: the file says it.
                let member = model.unpersistedMembers?[open]
                var property = ModelProperty(column)
                property.sourceLocation = member?.sourceLocation
                property.declaredAs = member?.sourceText
                // In declaration order: before the first property declared after it.
                let line = member?.sourceLocation?.line ?? Int.max
                let position =
                    schema.objectTypes[index].properties.firstIndex {
                        ($0.sourceLocation?.line ?? 0) > line
                    } ?? schema.objectTypes[index].properties.endIndex
                schema.objectTypes[index].properties.insert(property, at: position)
                schema.objectTypes[index].unpersistedMembers?.remove(at: open)
                kept.removeAll {
                    $0.severity == .error && $0.location == member?.sourceLocation
                        && $0.message.contains("'\(column.name)'")
                }
                differences.append(
                    Diagnostic(
                        .warning, member?.sourceLocation ?? location,
                        "the type of '\(isMain ? subject : "\(model.name).\(column.name)")' is taken from the file: "
                            + "\(Self.describe(column)); add the type annotation to the source"))
                continue
            }
            let message =
                "the file stores '\(subject)' (\(Self.describe(column))), which \(owner) do\(isMain ? "" : "es") not "
                + "hold: its data would be lost; declare it in the model"
            differences.append(Diagnostic(severity, location, message))
            if isMain { lostColumns.append((subject, message, model.sourceLocation)) }
        }
        for declared in model.properties where declared.type != .linkingObjects {
            guard !stored.properties.contains(where: { $0.name == declared.name }) else { continue }
            differences.append(
                Diagnostic(
                    .warning, declared.sourceLocation ?? location,
                    "'\(stored.name).\(declared.name)' is not a column of the file\(isMain ? "" : " (in \(owner))"): a "
                        + "property added since (the importer leaves its default), or named differently in the file"))
        }
    }

    /// How `declared` differs from the stored `column` (`nil`: the same), in the words of ``describe(_:)``.
    private static func difference(_ declared: Property, _ column: Property) -> String? {
        var same =
            declared.type == column.type && declared.collection == column.collection
            && declared.objectClassName == column.objectClassName
        // Links are optional in Realm whatever the source writes. A mixed column is always nullable in the file,
        // while the SDKs declare `AnyRealmValue` / `id<RLMValue>` non-optional (realm-swift `RLMProperty.mm`,
        // `-objectStoreCopy:` adds `Nullable` to every `Mixed` property).
        if column.type != .object && column.type != .mixed {
            same = same && declared.isOptional == column.isOptional
        }
        return same ? nil : describe(declared)
    }

    /// `an optional string`, `a list of Track`, `a set of string`.
    private static func describe(_ property: Property) -> String {
        let element = property.type == .object ? (property.objectClassName ?? "object") : property.type.rawValue
        let optional = property.isOptional && property.type != .object ? "optional " : ""
        switch property.collection {
        case .single: return property.type == .object ? "a link to \(element)" : "\(optional)\(element)"
        case .list: return "a list of \(optional)\(element)"
        case .set: return "a set of \(optional)\(element)"
        case .dictionary: return "a map of \(optional)\(element)"
        }
    }
}
