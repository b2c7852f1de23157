import MigrationEngine
import RealmSchema

/// The migration a ``MigrationBlock`` is given, as RealmSwift's `Migration`: the file's objects before the upgrade
/// (`oldObject`, read-only) beside the same objects in the app's schema (`newObject`, writable), and the operations
/// Realm allows during a migration. Carryover runs the app's block against it, so a block written for RealmSwift
/// compiles and does what it did there, without the Realm SDK.
///
/// Realm raises an exception where a block misuses the API; here the first misuse is kept, later calls do nothing,
/// and the upgrade throws it as ``SchemaUpgradeError/invalidMigration(_:)`` once the block returns.
public final class Migration {
    let upgrade: RealmSchemaUpgrade
    /// The first thing the block did that Realm refuses.
    var failure: SchemaUpgradeError?
    private var createdCount = 0

    init(_ upgrade: RealmSchemaUpgrade) {
        self.upgrade = upgrade
    }

    /// The file's schema, as it was before the upgrade.
    public var oldSchema: Schema { upgrade.fileSchema }
    /// The app's schema.
    public var newSchema: Schema { upgrade.appSchema }

    /// Calls `block` for every object of `typeName`, in the file's key order: the object as the file holds it and
    /// the same object in the app's schema. A class the app no longer declares gives `(oldObject, nil)`; a class
    /// only the app declares gives the objects created so far in the block with `oldObject` `nil`. Objects deleted
    /// earlier in the block are skipped.
    public func enumerateObjects(
        ofType typeName: String, _ block: (_ oldObject: MigrationObject?, _ newObject: MigrationObject?) -> Void
    ) {
        guard failure == nil else { return }
        let plan = upgrade.plans[typeName]
        guard let fileClass = upgrade.fileClasses[typeName] else {
            guard plan != nil else {
                return fail("Cannot enumerate objects of type '\(typeName)': the Realm has no such class.")
            }
            for record in upgrade.overlay.created[typeName] ?? [] {
                guard failure == nil else { return }
                if upgrade.overlay.deleted[typeName]?.contains(record.key) == true { continue }
                block(nil, MigrationObject(migration: self, newObjectOf: typeName, key: record.key, baseValues: nil))
            }
            return
        }
        if upgrade.overlay.removedTables.contains(typeName) || upgrade.overlay.cleared.contains(typeName) { return }
        do {
            let cursor = try upgrade.file.records(of: fileClass, after: nil)
            while let record = try cursor.next() {
                guard failure == nil else { return }
                if upgrade.overlay.deleted[typeName]?.contains(record.key) == true { continue }
                let old = MigrationObject(migration: self, oldRecord: record, of: fileClass)
                let new = plan.map {
                    MigrationObject(
                        migration: self, newObjectOf: typeName, key: record.key,
                        baseValues: $0.values(from: record.values))
                }
                block(old, new)
            }
        } catch {
            fail(String(describing: error), as: .unreadable(String(describing: error)))
        }
    }

    /// Creates an object of the app's class `typeName` from `value`: a dictionary of property values, an array of
    /// them in the class's property order, or another object whose properties are copied; properties not given take
    /// the app model's defaults (Realm's defaults where the model declares none).
    @discardableResult
    public func create(_ typeName: String, value: Any = [String: Any]()) -> MigrationObject {
        guard failure == nil, let plan = upgrade.plans[typeName] else {
            if failure == nil { fail("Object type '\(typeName)' is not managed by the Realm.") }
            return MigrationObject(migration: self, newObjectOf: typeName, key: -1, baseValues: nil)
        }
        createdCount += 1
        var values = upgrade.createDefaults(for: plan.target, creation: createdCount)
        let given = MigrationObject.propertyValues(of: value, in: plan.target)
        for (index, field) in plan.target.fields.enumerated() {
            guard let element = given(field.name, index) else { continue }
            switch MigrationValueBridge.value(from: element, for: field, in: self) {
            case .success(let converted): values[index] = converted
            case .failure(let error):
                fail(error.description, as: error)
                return MigrationObject(migration: self, newObjectOf: typeName, key: -1, baseValues: nil)
            }
        }
        let key = upgrade.nextKey(of: typeName)
        upgrade.overlay.createdPosition[typeName, default: [:]][key] = upgrade.overlay.created[typeName]?.count ?? 0
        upgrade.overlay.created[typeName, default: []].append(MigrationRecord(key: key, values: values))
        return MigrationObject(migration: self, newObjectOf: typeName, key: key, baseValues: nil)
    }

    /// Deletes an object of the app's schema (a `newObject`, or one created in the block). Passing an `oldObject`
    /// is refused, as Realm refuses it.
    public func delete(_ object: MigrationObject) {
        guard failure == nil else { return }
        guard !object.isOld else { return fail("Can only delete an object from the Realm it belongs to.") }
        upgrade.overlay.deleted[object.className, default: []].insert(object.key)
    }

    /// Deletes every object of `typeName`; for a class the app no longer declares, removes its table from the
    /// upgraded view. `false` when the file and the app have no such class.
    @discardableResult
    public func deleteData(forType typeName: String) -> Bool {
        guard failure == nil else { return false }
        if upgrade.plans[typeName] != nil {
            upgrade.overlay.cleared.insert(typeName)
            for record in upgrade.overlay.created[typeName] ?? [] {
                upgrade.overlay.deleted[typeName, default: []].insert(record.key)
            }
            return true
        }
        guard upgrade.fileClasses[typeName] != nil, !upgrade.overlay.removedTables.contains(typeName) else {
            return false
        }
        upgrade.overlay.removedTables.insert(typeName)
        return true
    }

    /// Renames a property of the file's class to the app's name for it, keeping its values (Realm's rules: the old
    /// name must be gone from the app's class, the type and link target unchanged, optional never made required).
    public func renameProperty(onType typeName: String, from oldName: String, to newName: String) {
        guard failure == nil else { return }
        if let error = upgrade.rename(onType: typeName, from: oldName, to: newName) { fail(error) }
    }

    func fail(_ message: String) {
        fail(message, as: .invalidMigration(message))
    }

    func fail(_ message: String, as error: SchemaUpgradeError) {
        if failure == nil { failure = error }
    }
}
