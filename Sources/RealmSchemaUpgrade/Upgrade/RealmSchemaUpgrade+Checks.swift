import MigrationEngine
import RealmFile

/// The checks realm-core makes once the block has run, and the report.
extension RealmSchemaUpgrade {
    /// Fails when two objects of a class share a primary key value, where the upgrade could have made them: the
    /// primary key changed, or the block created objects or set values of the class.
    func checkPrimaryKeys() throws(SchemaUpgradeError) {
        for cls in appClasses {
            guard let primaryKey = cls.primaryKey, let index = cls.fields.firstIndex(where: { $0.name == primaryKey })
            else { continue }
            let changed = changes.contains {
                if case .changedPrimaryKey(let name, _, _) = $0 { name == cls.name } else { false }
            }
            guard changed || overlay.values[cls.name] != nil || overlay.created[cls.name] != nil else { continue }
            var seen: Set<MigrationValue> = []
            do {
                let cursor = try source.records(of: cls, after: nil)
                while let record = try cursor.next() {
                    if record.values.indices.contains(index), !seen.insert(record.values[index]).inserted {
                        throw SchemaUpgradeError.duplicatePrimaryKey(
                            className: cls.name, property: primaryKey, value: Self.text(of: record.values[index]))
                    }
                }
            } catch let error as SchemaUpgradeError {
                throw error
            } catch {
                throw .unreadable(String(describing: error))
            }
        }
    }

    /// A primary key value as an app would write it: `10`, `"A-100"`.
    private static func text(of value: MigrationValue) -> String {
        switch value {
        case .int(let int): String(int)
        case .string(let string): "\"\(string)\""
        case .null: "nil"
        case .uuid(let uuid): uuid.uuidString
        case .objectId(let leading, let trailing):
            ObjectId(stored: StoredObjectId(leading: leading, trailing: trailing)).stringValue
        default: "\(value)"
        }
    }

    /// Makes the classes that become embedded hold one owner per object, as realm-core does with realm-swift's
    /// automatic backlink handling: an object no link points to is deleted; one several links point to is copied
    /// once per link (each copy a new object, in the order of the backlinks) and the original deleted. A link from
    /// a mixed value cannot point to an embedded object and is refused.
    func convertToEmbedded() throws(SchemaUpgradeError) {
        for change in changes {
            guard case .changedClassKind(let name, _, let to) = change, to == .embedded,
                let cls = appClasses.first(where: { $0.name == name })
            else { continue }
            do {
                var owned: [(MigrationRecord, [IncomingLinks])] = []
                let cursor = try source.records(of: cls, after: nil)
                while let record = try cursor.next() {
                    let links = record.incomingLinks.filter { !$0.originKeys.isEmpty }
                    if let mixed = links.first(where: { isMixed($0) }) {
                        throw SchemaUpgradeError.cannotConvertToEmbedded(
                            className: name,
                            reason:
                                "there is an incoming link from the Mixed property '\(mixed.originClass).\(mixed.originField)', which does not support linking to embedded objects."
                        )
                    }
                    let owners = links.reduce(0) { $0 + $1.originKeys.count }
                    if owners == 0 { overlay.deleted[name, default: []].insert(record.key) }
                    if owners > 1 { owned.append((record, links)) }
                }
                for (record, links) in owned {
                    for group in links {
                        for origin in group.originKeys {
                            let copy = nextKey(of: name)
                            overlay.createdPosition[name, default: [:]][copy] = overlay.created[name]?.count ?? 0
                            overlay.created[name, default: []].append(MigrationRecord(key: copy, values: record.values))
                            try redirect(
                                group.originClass, origin, field: group.originField,
                                from: ObjectReference(className: name, key: record.key),
                                to: ObjectReference(className: name, key: copy))
                        }
                    }
                    overlay.deleted[name, default: []].insert(record.key)
                }
            } catch let error as SchemaUpgradeError {
                throw error
            } catch {
                throw .unreadable(String(describing: error))
            }
        }
    }

    private func isMixed(_ links: IncomingLinks) -> Bool {
        plans[links.originClass]?.target.fields.first { $0.name == links.originField }?.type == .mixed
    }

    /// Points the first link of `origin`'s `field` that goes to `from` at `to` instead.
    private func redirect(
        _ originClass: String, _ origin: Int64, field: String, from: ObjectReference, to: ObjectReference
    ) throws(SchemaUpgradeError) {
        guard let index = plans[originClass]?.target.fields.firstIndex(where: { $0.name == field }),
            let values = try currentValues(originClass, key: origin), values.indices.contains(index)
        else { return }
        var done = false
        func replace(_ value: MigrationValue) -> MigrationValue {
            guard !done else { return value }
            switch value {
            case .link(let link) where link == from:
                done = true
                return .link(to)
            case .list(let items): return .list(items.map(replace))
            case .set(let items): return .set(items.map(replace))
            case .dictionary(let entries):
                return .dictionary(entries.map { MigrationDictionaryEntry(key: $0.key, value: replace($0.value)) })
            default: return value
            }
        }
        set(replace(values[index]), className: originClass, key: origin, index: index)
    }

    func makeReport() throws(SchemaUpgradeError) -> SchemaUpgradeReport {
        var report = self.report
        let upgraded = source
        for cls in appClasses {
            guard let plan = plans[cls.name] else { continue }
            var entry = SchemaUpgradeReport.ClassUpgrade(className: cls.name, isNew: plan.old == nil)
            let carried = Set(plan.sources.compactMap { if case .carried(let index) = $0 { index } else { nil } })
            for (index, field) in cls.fields.enumerated() {
                guard case .realmDefault = plan.sources[index] else { continue }
                if plan.old?.fields.contains(where: { $0.name == field.name }) == true {
                    entry.resetProperties.append(field.name)
                } else if plan.old != nil {
                    entry.addedProperties.append(field.name)
                }
            }
            if let old = plan.old {
                entry.droppedProperties = old.fields.indices.filter { !carried.contains($0) }.map {
                    old.fields[$0].name
                }
            }
            entry.renamedProperties = renamed[cls.name] ?? []
            let created = overlay.created[cls.name] ?? []
            entry.objectsCreated = created.count { overlay.deleted[cls.name]?.contains($0.key) != true }
            do {
                let total = try upgraded.objectCount(of: cls)
                entry.objectsKept = total - entry.objectsCreated
                if let old = plan.old {
                    entry.objectsDeleted = try file.objectCount(of: old) - entry.objectsKept
                }
            } catch {
                throw .unreadable(String(describing: error))
            }
            let changed = Set((overlay.values[cls.name] ?? [:]).values.flatMap(\.changedKeys))
            entry.objectsChanged = changed.count { !overlay.isDeleted(cls.name, $0) }
            report.classes.append(entry)
        }
        for (name, cls) in fileClasses.sorted(by: { $0.key < $1.key }) where plans[name] == nil {
            if overlay.removedTables.contains(name) {
                report.classesDeleted.append(name)
                continue
            }
            do {
                report.classesLeftBehind.append(.init(className: name, objectCount: try file.objectCount(of: cls)))
            } catch {
                throw .unreadable(String(describing: error))
            }
        }
        return report
    }
}
