import MigrationEngine

/// The upgraded view of a Realm file (``RealmSchemaUpgrade/source``) as a migration source: the app's classes, each
/// object's values as the app's schema holds them after Realm's automatic changes and the migration block, and its
/// incoming links as the upgraded links give them. Reads the file object by object; holds nothing per object but
/// what the block changed.
public final class SchemaUpgradeSource: KeyedMigrationSource {
    private let upgrade: RealmSchemaUpgrade
    private let schemaOfView: MigrationSchema

    init(_ upgrade: RealmSchemaUpgrade) {
        self.upgrade = upgrade
        schemaOfView = MigrationSchema(classes: upgrade.appClasses)
    }

    public func schema() throws -> MigrationSchema { schemaOfView }

    /// The file's fingerprint: the view is determined by the file and the app's models.
    public func fingerprint() throws -> String { try upgrade.file.fingerprint() }

    public func objectCount(of cls: ClassDescription) throws -> Int {
        let overlay = upgrade.overlay
        var count = 0
        if let old = upgrade.plans[cls.name]?.old, !overlay.cleared.contains(cls.name) {
            count = try upgrade.file.objectCount(of: old)
            count -= overlay.deleted[cls.name]?.count { overlay.createdPosition[cls.name]?[$0] == nil } ?? 0
        }
        let created = overlay.created[cls.name] ?? []
        return count + created.count { overlay.deleted[cls.name]?.contains($0.key) != true }
    }

    public func record(of cls: ClassDescription, key: Int64) throws -> MigrationRecord? {
        let overlay = upgrade.overlay
        guard let plan = upgrade.plans[cls.name], overlay.deleted[cls.name]?.contains(key) != true else { return nil }
        if let position = overlay.createdPosition[cls.name]?[key], let created = overlay.created[cls.name] {
            return MigrationRecord(
                key: key, values: upgrade.filteringDeletedTargets(created[position].values, of: cls.name),
                incomingLinks: incoming([], of: cls.name, key: key))
        }
        guard plan.old != nil, !overlay.cleared.contains(cls.name),
            let record = try upgrade.fileRecord(cls.name, key: key)
        else { return nil }
        return MigrationRecord(
            key: key, values: try upgrade.upgradedValues(plan.values(from: record.values), of: cls.name, key: key),
            incomingLinks: incoming(record.incomingLinks, of: cls.name, key: key))
    }

    public func records(of cls: ClassDescription, after key: Int64?) throws -> any RecordCursor {
        guard let plan = upgrade.plans[cls.name] else {
            throw SchemaUpgradeError.invalidMigration("The app's schema has no class '\(cls.name)'.")
        }
        let overlay = upgrade.overlay
        let base: (any RecordCursor)? =
            if let old = plan.old, !overlay.cleared.contains(cls.name) {
                try upgrade.file.records(of: old, after: key)
            } else { nil }
        let created = (overlay.created[cls.name] ?? []).filter { record in
            (key.map { record.key > $0 } ?? true) && overlay.deleted[cls.name]?.contains(record.key) != true
        }
        let passesThrough =
            plan.isIdentity && overlay.values[cls.name] == nil && !overlay.hasDeletions
            && upgrade.inverseChanges[cls.name] == nil && !upgrade.incomingChanged.contains(cls.name)
        if passesThrough, created.isEmpty, let base { return base }
        return UpgradedCursor(
            base: base, created: created,
            upgrade: { [upgrade] record in
                guard !upgrade.overlay.isDeleted(cls.name, record.key) else { return nil }
                var upgraded = MigrationRecord(
                    key: record.key,
                    values: try upgrade.upgradedValues(
                        plan.values(from: record.values), of: cls.name, key: record.key),
                    incomingLinks: record.incomingLinks)
                upgraded.incomingLinks = self.incoming(record.incomingLinks, of: cls.name, key: record.key)
                return upgraded
            },
            finishCreated: { [upgrade] record in
                MigrationRecord(
                    key: record.key, values: upgrade.filteringDeletedTargets(record.values, of: cls.name),
                    incomingLinks: self.incoming([], of: cls.name, key: record.key))
            })
    }

    /// The file's incoming links of one object as the view has them: relationships Realm dropped left out, renamed
    /// fields under their new names, origins the block deleted left out, the block's link changes applied.
    private func incoming(_ links: [IncomingLinks], of className: String, key: Int64) -> [IncomingLinks] {
        let carried = upgrade.incomingRelationships[className] ?? [:]
        let overlay = upgrade.overlay
        var result: [IncomingLinks] = []
        result.reserveCapacity(links.count)
        for group in links {
            guard let name = carried[RelationshipKey(originClass: group.originClass, originField: group.originField)]
            else { continue }
            var kept = group
            kept.originField = name
            if overlay.hasDeletions { kept.originKeys.removeAll { overlay.isDeleted(group.originClass, $0) } }
            result.append(kept)
        }
        guard let changes = upgrade.inverseChanges[className]?[key] else {
            return result.filter { !$0.originKeys.isEmpty }
        }
        for (relationship, change) in changes.sorted(by: {
            ($0.key.originClass, $0.key.originField) < ($1.key.originClass, $1.key.originField)
        }) {
            let position =
                result.firstIndex {
                    $0.originClass == relationship.originClass && $0.originField == relationship.originField
                }
            var origins = position.map { result[$0].originKeys } ?? []
            for removed in change.removed {
                if let index = origins.firstIndex(of: removed) { origins.remove(at: index) }
            }
            origins += change.added
            if let position {
                result[position].originKeys = origins
            } else {
                result.append(
                    IncomingLinks(
                        originClass: relationship.originClass, originField: relationship.originField,
                        originKeys: origins))
            }
        }
        return result.filter { !$0.originKeys.isEmpty }
    }
}

/// The file's records of one class through the upgrade, then the objects the block created.
private final class UpgradedCursor: RecordCursor {
    private let base: (any RecordCursor)?
    private var created: IndexingIterator<[MigrationRecord]>
    private let upgrade: (MigrationRecord) throws -> MigrationRecord?
    private let finishCreated: (MigrationRecord) -> MigrationRecord
    private var baseDone = false

    /// As detachable as the file's cursor: the upgrade is only read once the block has run.
    var isDetachable: Bool { base?.isDetachable ?? true }

    init(
        base: (any RecordCursor)?, created: [MigrationRecord],
        upgrade: @escaping (MigrationRecord) throws -> MigrationRecord?,
        finishCreated: @escaping (MigrationRecord) -> MigrationRecord
    ) {
        self.base = base
        self.created = created.makeIterator()
        self.upgrade = upgrade
        self.finishCreated = finishCreated
    }

    func next() throws -> MigrationRecord? {
        while !baseDone, let base {
            guard let record = try base.next() else {
                baseDone = true
                break
            }
            if let upgraded = try upgrade(record) { return upgraded }
        }
        return created.next().map(finishCreated)
    }
}
