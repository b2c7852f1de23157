import MigrationEngine

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
                            className: cls.name, property: primaryKey, value: "\(record.values[index])")
                    }
                }
            } catch let error as SchemaUpgradeError {
                throw error
            } catch {
                throw .unreadable(String(describing: error))
            }
        }
    }

    /// Fails for a class that becomes embedded: not carried over yet (Realm deletes objects without an owner and
    /// copies those with several), so the upgrade refuses rather than guess.
    func checkEmbeddedConversions() throws(SchemaUpgradeError) {
        for change in changes {
            if case .changedClassKind(let name, _, let to) = change, to == .embedded {
                throw .cannotConvertToEmbedded(
                    className: name, reason: "converting a class to embedded is not carried over yet")
            }
        }
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
            entry.objectsChanged = overlay.values[cls.name]?.keys.count { !overlay.isDeleted(cls.name, $0) } ?? 0
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
