import MigrationEngine
import RealmSchema

/// One object during a migration, as RealmSwift's `MigrationObject` (`DynamicObject`): an `oldObject` reads the
/// file as it was (removed properties and classes included) and cannot be changed; a `newObject` reads and writes the
/// app's schema (added properties read as Realm's defaults until set).
///
/// ```swift
/// migration.enumerateObjects(ofType: "Person") { oldObject, newObject in
///     let first = oldObject!["firstName"] as! String
///     newObject!["fullName"] = "\(first) \(oldObject!.lastName as! String)"
/// }
/// ```
/// Lists come back as ``List`` of the element type (`List<MigrationObject>` for links), sets as ``MutableSet``,
/// dictionaries as ``Map``. A property the schema lacks reads as `nil`, and the upgrade fails with Realm's message.
@dynamicMemberLookup
public final class MigrationObject: CustomStringConvertible {
    let migration: Migration
    let className: String
    let key: Int64
    /// Whether this is an `oldObject`, read from the file as it was.
    let isOld: Bool
    private let oldRecord: MigrationRecord?
    private let oldClass: ClassDescription?
    /// A new object's values before the block's changes, when its file record was at hand.
    private let baseValues: [MigrationValue]?

    init(migration: Migration, oldRecord: MigrationRecord, of cls: ClassDescription) {
        self.migration = migration
        className = cls.name
        key = oldRecord.key
        isOld = true
        self.oldRecord = oldRecord
        oldClass = cls
        baseValues = nil
    }

    init(migration: Migration, newObjectOf className: String, key: Int64, baseValues: [MigrationValue]?) {
        self.migration = migration
        self.className = className
        self.key = key
        isOld = false
        oldRecord = nil
        oldClass = nil
        self.baseValues = baseValues
    }

    /// The class's schema: the file's for an old object, the app's for a new one.
    public var objectSchema: ObjectSchema {
        let schema = isOld ? migration.oldSchema : migration.newSchema
        return schema[className: className] ?? ObjectSchema(name: className, properties: [])
    }

    /// The value of `key`, or sets it (new objects only).
    public subscript(key: String) -> Any? {
        get { value(forKey: key) }
        set { setValue(newValue, forKey: key) }
    }

    /// The value of the property named `member` (`newObject.fullName`), or sets it.
    public subscript(dynamicMember member: String) -> Any? {
        get { value(forKey: member) }
        set { setValue(newValue, forKey: member) }
    }

    /// The value of the property `key`, as `KeyValueCoding` would give it.
    public func value(forKey key: String) -> Any? {
        guard migration.failure == nil else { return nil }
        if isOld {
            guard let oldClass, let oldRecord, let index = oldClass.fields.firstIndex(where: { $0.name == key }),
                oldRecord.values.indices.contains(index)
            else {
                migration.fail("Invalid property name '\(key)' for class '\(className)'.")
                return nil
            }
            return swiftValue(oldRecord.values[index], field: oldClass.fields[index], index: index)
        }
        guard let (index, field) = newField(key) else { return nil }
        do {
            let value = try migration.upgrade.currentValue(className, key: self.key, index: index, base: baseValues)
            return swiftValue(value, field: field, index: index)
        } catch {
            migration.fail(error.description, as: error)
            return nil
        }
    }

    /// Sets the property `key` of a new object; an old object is read-only.
    public func setValue(_ value: Any?, forKey key: String) {
        guard migration.failure == nil else { return }
        guard !isOld else {
            return migration.fail("Cannot modify the property '\(key)' of an object of the old Realm (oldObject).")
        }
        guard let (index, field) = newField(key) else { return }
        switch MigrationValueBridge.value(from: value, for: field, in: migration) {
        case .success(let converted): store(converted, at: index)
        case .failure(let error): migration.fail(error.description, as: error)
        }
    }

    public var description: String { "\(className)(\(isOld ? "old" : "new"), key \(key))" }

    /// Writes the engine's value of the app's field `index`. A primary key is writable, as realm-swift makes it
    /// during a migration; uniqueness is checked once the block returns.
    func store(_ value: MigrationValue, at index: Int) {
        migration.upgrade.set(value, className: className, key: key, index: index)
    }

    private func newField(_ name: String) -> (Int, FieldDescription)? {
        guard let plan = migration.upgrade.plans[className], key >= 0,
            let index = plan.target.fields.firstIndex(where: { $0.name == name })
        else {
            migration.fail("Invalid property name '\(name)' for class '\(className)'.")
            return nil
        }
        return (index, plan.target.fields[index])
    }

    private func swiftValue(_ value: MigrationValue, field: FieldDescription, index: Int) -> Any? {
        guard field.collection == .single else {
            return MigrationCollections.make(
                field: field, value: value, owner: self, index: index, linksAreOld: isOld)
        }
        return MigrationValueBridge.swiftValue(of: value, linksAreOld: isOld, in: migration)
    }

    /// The values `value` gives for `create(_:value:)`, by property name and index: a dictionary, an array in the
    /// class's property order, or another object.
    static func propertyValues(of value: Any, in cls: ClassDescription) -> (String, Int) -> Any?? {
        if let object = value as? MigrationObject {
            return { name, _ -> Any?? in
                guard object.objectSchema.properties.contains(where: { $0.name == name }) else { return nil }
                return .some(object.value(forKey: name))
            }
        }
        if let dictionary = value as? [String: Any?] { return { name, _ -> Any?? in dictionary[name] } }
        if let dictionary = value as? [String: Any] {
            return { name, _ -> Any?? in dictionary[name].map { .some($0) } }
        }
        if let array = value as? [Any?] {
            return { _, index -> Any?? in array.indices.contains(index) ? .some(array[index]) : nil }
        }
        if let array = value as? [Any] {
            return { _, index -> Any?? in array.indices.contains(index) ? .some(array[index]) : nil }
        }
        return { _, _ in nil }
    }
}

extension Migration {
    /// The file's object of `className` with `key`, as an old object; `nil` when the file has none.
    func oldObject(_ className: String, key: Int64) -> MigrationObject? {
        guard let cls = upgrade.fileClasses[className] else { return nil }
        do {
            guard let record = try upgrade.fileRecord(className, key: key) else { return nil }
            return MigrationObject(migration: self, oldRecord: record, of: cls)
        } catch {
            fail(error.description, as: error)
            return nil
        }
    }
}

/// RealmSwift's other name for a migration's object (`oldObject["rules"] as? List<DynamicObject>`).
public typealias DynamicObject = MigrationObject
