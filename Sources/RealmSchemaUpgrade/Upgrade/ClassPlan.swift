import MigrationEngine

/// How the upgraded view builds one class of the app's schema from the file: for each of the app's fields, the
/// file's field whose values it keeps, or the default Realm gives a column it adds or re-creates.
struct ClassPlan {
    /// Where one field's values come from.
    enum FieldSource: Hashable {
        /// The file's field at this index, values kept (same type; or required → optional; or renamed).
        case carried(Int)
        /// Realm's default for an added field, a changed type or an optional → required change.
        case realmDefault(MigrationValue)
    }

    /// The app's class.
    let target: ClassDescription
    /// The file's class of the same name, when the file has it.
    let old: ClassDescription?
    /// One source per field of `target`.
    var sources: [FieldSource]

    init(target: ClassDescription, old: ClassDescription?) {
        self.target = target
        self.old = old
        sources = target.fields.map { field in
            guard let old, let index = old.fields.firstIndex(where: { $0.name == field.name }),
                Self.keepsValues(from: old.fields[index], to: field)
            else { return .realmDefault(.realmDefault(for: field)) }
            return .carried(index)
        }
    }

    /// Whether Realm keeps a column's values when the schema moves from `old` to `new`: same type, collection and
    /// link target, and not optional → required (Realm re-creates that column). Required → optional keeps them.
    static func keepsValues(from old: FieldDescription, to new: FieldDescription) -> Bool {
        old.type == new.type && old.collection == new.collection && old.targetClass == new.targetClass
            && (new.isOptional || !old.isOptional || new.type == .link)
    }

    /// Whether every field is the file's field at the same index: records pass through unchanged.
    var isIdentity: Bool {
        guard let old, old.fields.count == target.fields.count else { return false }
        return sources.enumerated().allSatisfy { $0.element == .carried($0.offset) }
    }

    /// The upgraded values of one object, before the migration block's changes.
    func values(from oldValues: [MigrationValue]?) -> [MigrationValue] {
        sources.map { source in
            switch source {
            case .carried(let index): oldValues.flatMap { $0.indices.contains(index) ? $0[index] : nil } ?? .null
            case .realmDefault(let value): value
            }
        }
    }

    /// The app's field name that the file's field `name` became, if its values are kept.
    func newName(ofOldField name: String) -> String? {
        guard let old, let oldIndex = old.fields.firstIndex(where: { $0.name == name }),
            let index = sources.firstIndex(of: .carried(oldIndex))
        else { return nil }
        return target.fields[index].name
    }
}
