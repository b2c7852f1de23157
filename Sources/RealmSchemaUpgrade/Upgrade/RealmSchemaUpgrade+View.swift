import MigrationEngine

/// One relationship as the incoming links of its targets name it: the linking class and field.
struct RelationshipKey: Hashable {
    var originClass: String
    var originField: String
}

/// How the block changed the links one object receives through one relationship.
struct InverseChange {
    /// Origins whose link the block removed (once per link).
    var removed: [Int64] = []
    /// Origins whose link the block added (once per link).
    var added: [Int64] = []
}

extension RealmSchemaUpgrade {
    /// The object of the file, as the file holds it (the migration's `oldObject`).
    func fileRecord(_ className: String, key: Int64) throws(SchemaUpgradeError) -> MigrationRecord? {
        guard let cls = fileClasses[className] else { return nil }
        do { return try file.record(of: cls, key: key) } catch { throw .unreadable(String(describing: error)) }
    }

    /// The object's values as the upgraded view holds them now (the migration's `newObject`), or `nil` when the
    /// view has no such object (never had it, or the block deleted it).
    func currentValues(_ className: String, key: Int64) throws(SchemaUpgradeError) -> [MigrationValue]? {
        if overlay.deleted[className]?.contains(key) == true { return nil }
        if let position = overlay.createdPosition[className]?[key] {
            return filteringDeletedTargets(overlay.created[className]?[position].values ?? [], of: className)
        }
        guard let plan = plans[className], plan.old != nil, !overlay.cleared.contains(className),
            let record = try fileRecord(className, key: key)
        else { return nil }
        return try upgradedValues(plan.values(from: record.values), of: className, key: key)
    }

    /// `values` (the plan's, from the file) with the block's changes and without links to deleted objects.
    func upgradedValues(_ values: [MigrationValue], of className: String, key: Int64) throws(SchemaUpgradeError)
        -> [MigrationValue]
    {
        var values = values
        for (index, column) in overlay.values[className] ?? [:] where values.indices.contains(index) {
            if let value = try column.value(for: key) { values[index] = value }
        }
        return filteringDeletedTargets(values, of: className)
    }

    /// `values` with every link to an object the block deleted removed, as Realm nullifies such links: a to-one
    /// becomes null, a list or set loses the element, a dictionary keeps the key with null.
    func filteringDeletedTargets(_ values: [MigrationValue], of className: String) -> [MigrationValue] {
        guard overlay.hasDeletions, let fields = plans[className]?.target.fields else { return values }
        var result = values
        for (index, field) in fields.enumerated() where field.isRelationship && result.indices.contains(index) {
            result[index] = removingDeletedTargets(result[index])
        }
        return result
    }

    func removingDeletedTargets(_ value: MigrationValue) -> MigrationValue {
        switch value {
        case .link(let link): return isGone(link) ? .null : value
        case .list(let items):
            return .list(items.filter { if case .link(let link) = $0 { !isGone(link) } else { true } })
        case .set(let items):
            return .set(items.filter { if case .link(let link) = $0 { !isGone(link) } else { true } })
        case .dictionary(let entries):
            return .dictionary(
                entries.map { entry in
                    if case .link(let link) = entry.value, isGone(link) {
                        return MigrationDictionaryEntry(key: entry.key, value: .null)
                    }
                    return entry
                })
        default: return value
        }
    }

    /// Whether the linked object is gone from the view (deleted, or its class's data deleted).
    func isGone(_ link: ObjectReference) -> Bool {
        if overlay.deleted[link.className]?.contains(link.key) == true { return true }
        return overlay.cleared.contains(link.className) && overlay.createdPosition[link.className]?[link.key] == nil
    }

    /// For each class, the app's field name of each relationship into it, by the name the file's backlinks give
    /// it (links inside mixed values included); relationships Realm dropped (removed or re-created fields, classes
    /// left behind) are absent.
    func relationshipsByTarget() -> [String: [RelationshipKey: String]] {
        var carried: [String: [RelationshipKey: String]] = [:]
        for target in appClasses.map(\.name) { carried[target] = [:] }
        for (origin, cls) in fileClasses {
            guard let plan = plans[origin] else { continue }
            for field in cls.fields where field.type == .link || field.type == .mixed {
                guard let name = plan.newName(ofOldField: field.name) else { continue }
                let key = RelationshipKey(originClass: origin, originField: field.name)
                if field.type == .mixed {
                    for target in carried.keys { carried[target]?[key] = name }
                } else if let target = field.targetClass {
                    carried[target]?[key] = name
                }
            }
        }
        return carried
    }

    /// Whether the file records incoming links into `className` that the view drops or renames.
    func changesIncomingLinks(into className: String, carried: [RelationshipKey: String]) -> Bool {
        for (origin, cls) in fileClasses {
            for field in cls.fields
            where (field.type == .link && field.targetClass == className) || field.type == .mixed {
                if carried[RelationshipKey(originClass: origin, originField: field.name)] != field.name { return true }
            }
        }
        return false
    }
}
