import RealmSchema

/// The Swift names of generated types: renamed or prefix-stripped model classes, and enums nested in them.
struct Naming {
    /// Realm class name → generated type name.
    let classNames: [String: String]

    init(schema: ModelSchema, options: CodegenOptions, report: inout ConversionReport) {
        var names: [String: String] = [:]
        for object in schema.objectTypes {
            var name = object.name
            if let renamed = options.renames[object.name] {
                name = renamed
            } else if let prefix = options.stripPrefix, !prefix.isEmpty, object.name.hasPrefix(prefix) {
                let rest = String(object.name.dropFirst(prefix.count))
                if let first = rest.first, first.isUppercase || first == "_" { name = rest }
            }
            names[object.name] = name
        }
        // Two classes must not end up with one name; keep the Realm names of those that would.
        let grouped = Dictionary(grouping: names.keys, by: { names[$0] ?? $0 })
        for (name, realmNames) in grouped where realmNames.count > 1 {
            for realmName in realmNames.sorted() {
                names[realmName] = realmName
                report.human(
                    .input, realmName, "renaming would give several classes the name '\(name)'; the Realm name is kept",
                    nil)
            }
        }
        classNames = names
    }

    /// The generated name of the Realm class `realmName`.
    func type(_ realmName: String) -> String { classNames[realmName] ?? realmName }

    /// The generated name of an enum: nested in its renamed model class, or flattened when its outer type is not a
    /// model (`Constants.Kind` → `ConstantsKind`).
    func enumType(_ qualified: String) -> String {
        let parts = qualified.split(separator: ".").map(String.init)
        guard parts.count > 1, let outer = parts.first else { return qualified }
        if classNames[outer] != nil { return ([type(outer)] + parts.dropFirst()).joined(separator: ".") }
        return parts.joined()
    }

    /// Whether the enum is generated inside a model type (an extension of it), and which.
    func enclosingModel(ofEnum qualified: String) -> String? {
        let parts = qualified.split(separator: ".").map(String.init)
        guard parts.count > 1, let outer = parts.first, classNames[outer] != nil else { return nil }
        return outer
    }
}

extension String {
    /// `Album` → `album`, `URLSession` → `uRLSession` (only the first character changes).
    var lowercasingFirst: String { prefix(1).lowercased() + dropFirst() }
    /// `tracks` → `Tracks`.
    var uppercasingFirst: String { prefix(1).uppercased() + dropFirst() }
}
