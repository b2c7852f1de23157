import Foundation
import MigrationEngine

/// The upgraded view's side of the ``Migration`` API: reading and writing new objects, creating them, renames.
extension RealmSchemaUpgrade {
    /// The value of the app's field `index` of a new object; `base` is its values before the block's changes, when
    /// the caller has them.
    func currentValue(_ className: String, key: Int64, index: Int, base: [MigrationValue]?)
        throws(SchemaUpgradeError) -> MigrationValue
    {
        guard overlay.deleted[className]?.contains(key) != true else {
            throw .invalidMigration("Object of type '\(className)' has been deleted or invalidated.")
        }
        let value: MigrationValue
        if let position = overlay.createdPosition[className]?[key], let created = overlay.created[className] {
            value = created[position].values[index]
        } else if let changed = try overlay.values[className]?[index]?.value(for: key) {
            value = changed
        } else if let base, base.indices.contains(index) {
            value = base[index]
        } else if let values = try currentValues(className, key: key), values.indices.contains(index) {
            return values[index]
        } else {
            throw .invalidMigration("Object of type '\(className)' has been deleted or invalidated.")
        }
        return overlay.hasDeletions ? removingDeletedTargets(value) : value
    }

    /// Sets the app's field `index` of a new object.
    func set(_ value: MigrationValue, className: String, key: Int64, index: Int) {
        if let position = overlay.createdPosition[className]?[key] {
            overlay.created[className]?[position].values[index] = value
        } else {
            overlay.values[className, default: [:]][index, default: ChangedColumn()].set(value, for: key)
        }
    }

    /// The values of a created object before `create`'s arguments: the app model's defaults, Realm's elsewhere; a
    /// required UUID or ObjectId without a default gets a value derived from the class and the creation's number
    /// (random-looking, and the same on every run, so an interrupted migration continues identically).
    func createDefaults(for cls: ClassDescription, creation: Int) -> [MigrationValue] {
        cls.fields.map { field in
            if let value = modelDefaults[cls.name]?[field.name] { return value }
            guard field.collection == .single, !field.isOptional else { return .realmDefault(for: field) }
            var generator = DerivedBytes(seed: "\(cls.name).\(field.name)#\(creation)")
            switch field.type {
            case .uuid:
                var bytes = generator.bytes(16)
                bytes[6] = bytes[6] & 0x0F | 0x40
                bytes[8] = bytes[8] & 0x3F | 0x80
                return .uuid(
                    UUID(
                        uuid: (
                            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
                            bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                        )))
            case .objectId:
                let bytes = generator.bytes(12)
                return .objectId(
                    leading: bytes[0..<8].reduce(0) { $0 << 8 | UInt64($1) },
                    trailing: bytes[8..<12].reduce(0) { $0 << 8 | UInt32($1) })
            default: return .realmDefault(for: field)
            }
        }
    }

    /// The key for the next object the block creates in `className`: after the file's last key of the class.
    func nextKey(of className: String) -> Int64 {
        let key: Int64
        if let next = nextKeys[className] {
            key = next
        } else {
            key = ((try? lastFileKey(of: className)) ?? -1) + 1
        }
        nextKeys[className] = key + 1
        return key
    }

    private func lastFileKey(of className: String) throws -> Int64 {
        guard let cls = fileClasses[className] else { return -1 }
        var last: Int64 = -1
        let cursor = try file.records(of: cls, after: nil)
        while let record = try cursor.next() { last = max(last, record.key) }
        return last
    }

    /// `renameProperty(onType:from:to:)` by realm-core's rules; the message of the first rule broken, or `nil`.
    func rename(onType typeName: String, from oldName: String, to newName: String) -> String? {
        guard fileClasses[typeName] != nil || plans[typeName] != nil, let old = fileClasses[typeName] else {
            return "Cannot rename properties for type '\(typeName)' because it does not exist."
        }
        guard var plan = plans[typeName] else {
            return "Cannot rename properties for type '\(typeName)' because it has been removed from the Realm."
        }
        if plan.target.fields.contains(where: { $0.name == oldName }) {
            return
                "Cannot rename property '\(typeName).\(oldName)' to '\(newName)' because the source property still exists."
        }
        var names = intermediateNames[typeName] ?? [:]
        let carriedIndices = Set(plan.sources.compactMap { if case .carried(let index) = $0 { index } else { nil } })
        let sourceIndex: Int
        if let index = names[oldName] {
            sourceIndex = index
        } else if let index = old.fields.firstIndex(where: { $0.name == oldName }), !carriedIndices.contains(index) {
            sourceIndex = index
        } else {
            return "Cannot rename property '\(typeName).\(oldName)' because it does not exist."
        }
        names[oldName] = nil
        guard let targetIndex = plan.target.fields.firstIndex(where: { $0.name == newName }) else {
            names[newName] = sourceIndex
            intermediateNames[typeName] = names
            return nil
        }
        let source = old.fields[sourceIndex]
        let target = plan.target.fields[targetIndex]
        if source.type != target.type || source.collection != target.collection
            || source.targetClass != target.targetClass
        {
            return
                "Cannot rename property '\(typeName).\(oldName)' to '\(newName)' because it would change from type '\(Self.typeName(source))' to '\(Self.typeName(target))'."
        }
        if source.isOptional && !target.isOptional && target.type != .link {
            return
                "Cannot rename property '\(typeName).\(oldName)' to '\(newName)' because it would change from optional to required."
        }
        plan.sources[targetIndex] = .carried(sourceIndex)
        plans[typeName] = plan
        intermediateNames[typeName] = names
        renamed[typeName, default: []].append("\(oldName) → \(newName)")
        overlay.values[typeName]?[targetIndex] = nil
        return nil
    }

    /// Fails for a rename to a name the app's schema lacks that was not renamed again, as Realm fails.
    func finishRenames() throws(SchemaUpgradeError) {
        for (typeName, names) in intermediateNames.sorted(by: { $0.key < $1.key }) {
            if let name = names.keys.sorted().first {
                throw .invalidMigration("Renamed property '\(typeName).\(name)' does not exist.")
            }
        }
    }

    /// Records, per target object, the links the block (and the conversion to embedded) removed and added, so the
    /// view's incoming links mirror its links. Computed afresh from the overlay each time.
    func recordInverseChanges() throws(SchemaUpgradeError) {
        inverseChanges = [:]
        for (className, columns) in overlay.values {
            guard let plan = plans[className] else { continue }
            for (index, column) in columns where plan.target.fields[index].isRelationship {
                let relationship = RelationshipKey(originClass: className, originField: plan.target.fields[index].name)
                try column.forEach { (key, value) throws(SchemaUpgradeError) in
                    guard !overlay.isDeleted(className, key) else { return }
                    if overlay.createdPosition[className]?[key] == nil {
                        let base = plan.values(from: try fileRecord(className, key: key)?.values)
                        base[index].forEachLink {
                            inverseChanges[$0.className, default: [:]][$0.key, default: [:]][
                                relationship, default: .init()
                            ].removed.append(key)
                        }
                    }
                    value.forEachLink {
                        inverseChanges[$0.className, default: [:]][$0.key, default: [:]][
                            relationship, default: .init()
                        ].added.append(key)
                    }
                }
            }
        }
        for (className, records) in overlay.created {
            guard let plan = plans[className] else { continue }
            for record in records where overlay.deleted[className]?.contains(record.key) != true {
                for (index, field) in plan.target.fields.enumerated() where field.isRelationship {
                    let relationship = RelationshipKey(originClass: className, originField: field.name)
                    record.values[index].forEachLink {
                        inverseChanges[$0.className, default: [:]][$0.key, default: [:]][relationship, default: .init()]
                            .added.append(record.key)
                    }
                }
            }
        }
    }

    /// realm-core's `Property::type_string()` of an engine field.
    static func typeName(_ field: FieldDescription) -> String {
        let element = field.type == .link ? (field.targetClass ?? "object") : field.type.rawValue
        switch field.collection {
        case .single: return field.type == .link ? "<\(element)>" : element
        case .list: return "array<\(element)>"
        case .set: return "set<\(element)>"
        case .dictionary: return "dictionary<string, \(element)>"
        }
    }
}

/// Bytes derived from a text by SplitMix64 over its FNV-1a hash: random-looking, the same for the same text.
private struct DerivedBytes {
    private var state: UInt64

    init(seed: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in seed.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        state = hash
    }

    mutating func bytes(_ count: Int) -> [UInt8] {
        var result: [UInt8] = []
        while result.count < count {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            for shift in stride(from: 56, through: 0, by: -8) where result.count < count {
                result.append(UInt8(truncatingIfNeeded: z >> UInt64(shift)))
            }
        }
        return result
    }
}
