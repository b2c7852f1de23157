import MigrationEngine
import RealmMigrationSource

/// A Realm file as SwiftData models see it: embedded objects inside their parents.
///
/// Realm keeps an embedded object in a table of its own, linked from its parent; a SwiftData model stores it as a
/// Codable value of the parent. This source lists only the classes that are not embedded; each field that links to
/// an embedded class becomes a ``FieldType/embedded`` field whose value is the embedded object's fields by name
/// (`.dictionary`, in its class's field order; nested embedded objects likewise), a list of them, a dictionary of
/// them, or `.null`. Incoming links that come from embedded objects are left out, because the destination holds no
/// such objects to link from.
///
/// Only the classes `listed` names are listed: for a Realm file as it is, the classes a Realm SDK wrote (tables named
/// `class_<Name>`, ``sdkClasses(of:)``), since tables that realm-core or Device Sync keep for themselves, or that were
/// written through realm-core directly, are not an app's model data.
final class EmbeddedInliningSource: MigrationSource {
    private let realm: any KeyedMigrationSource
    private let inlined: MigrationSchema
    private let embeddedClasses: [String: ClassDescription]

    init(_ realm: any KeyedMigrationSource, listing listed: Set<String>) throws {
        self.realm = realm
        let original = try realm.schema()
        var embedded: [String: ClassDescription] = [:]
        for cls in original.classes where cls.isEmbedded { embedded[cls.name] = cls }
        embeddedClasses = embedded
        inlinedClasses = original.classes.filter(\.isEmbedded)
        inlined = MigrationSchema(
            classes: original.classes.filter { !$0.isEmbedded && listed.contains($0.name) }.map {
                Self.inlining(embedded, in: $0)
            })
    }

    /// The classes of a Realm file that a Realm SDK wrote.
    static func sdkClasses(of realm: RealmMigrationSource) -> Set<String> {
        Set(realm.realm.tables.compactMap(\.className))
    }

    /// `cls` with its links to embedded classes turned into embedded fields.
    private static func inlining(_ embedded: [String: ClassDescription], in cls: ClassDescription) -> ClassDescription {
        var result = cls
        result.fields = cls.fields.map { field in
            guard field.type == .link, let target = field.targetClass, embedded[target] != nil else { return field }
            var inline = field
            inline.type = .embedded
            return inline
        }
        return result
    }

    func schema() throws -> MigrationSchema { inlined }

    /// The embedded classes, whose objects the listed classes hold inline, to interpret them by (in the base's order).
    let inlinedClasses: [ClassDescription]

    func fingerprint() throws -> String { try realm.fingerprint() }

    func objectCount(of cls: ClassDescription) throws -> Int { try realm.objectCount(of: original(cls)) }

    func records(of cls: ClassDescription, after key: Int64?) throws -> any RecordCursor {
        InliningCursor(
            base: try realm.records(of: original(cls), after: key), cls: cls,
            inline: { [unowned self] value, field in try self.inline(value, field: field, depth: 0) },
            keepsIncomingLinks: { [embeddedClasses] in embeddedClasses[$0.originClass] == nil })
    }

    /// The description the underlying source knows the class by.
    private func original(_ cls: ClassDescription) throws -> ClassDescription {
        guard let described = try realm.schema().class(named: cls.name) else {
            throw RealmMigrationSourceError.unknownClass(cls.name)
        }
        return described
    }

    /// Embedded objects nest; a file whose embedded objects nest deeper than this is corrupt (cycles are impossible
    /// in Realm, since every embedded object has exactly one parent).
    private static let maximumDepth = 100

    private func inline(_ value: MigrationValue, field: FieldDescription, depth: Int) throws -> MigrationValue {
        switch value {
        case .link(let reference):
            guard let cls = embeddedClasses[reference.className] else { return value }
            guard depth < Self.maximumDepth,
                let record = try realm.record(of: cls, key: reference.key)
            else {
                throw MigrationError.invalidRecord(
                    className: cls.name, key: reference.key,
                    reason: depth < Self.maximumDepth
                        ? "the embedded object \(field.name) links to does not exist"
                        : "embedded objects nest more than \(Self.maximumDepth) deep")
            }
            var entries: [MigrationDictionaryEntry] = []
            entries.reserveCapacity(cls.fields.count)
            for (nested, nestedValue) in zip(cls.fields, record.values) {
                entries.append(
                    MigrationDictionaryEntry(
                        key: nested.name, value: try inline(nestedValue, field: nested, depth: depth + 1)))
            }
            return .dictionary(entries)
        case .list(let items): return .list(try items.map { try inline($0, field: field, depth: depth) })
        case .set(let items): return .set(try items.map { try inline($0, field: field, depth: depth) })
        case .dictionary(let entries) where field.type == .link || field.type == .embedded:
            return .dictionary(
                try entries.map {
                    MigrationDictionaryEntry(key: $0.key, value: try inline($0.value, field: field, depth: depth))
                })
        default: return value
        }
    }
}

/// Records of one class with embedded fields inlined and incoming links from embedded objects dropped.
private final class InliningCursor: RecordCursor {
    private let base: any RecordCursor
    private let cls: ClassDescription
    private let inline: (MigrationValue, FieldDescription) throws -> MigrationValue
    private let keepsIncomingLinks: (IncomingLinks) -> Bool
    private let embeddedFields: [Int]

    init(
        base: any RecordCursor, cls: ClassDescription,
        inline: @escaping (MigrationValue, FieldDescription) throws -> MigrationValue,
        keepsIncomingLinks: @escaping (IncomingLinks) -> Bool
    ) {
        self.base = base
        self.cls = cls
        self.inline = inline
        self.keepsIncomingLinks = keepsIncomingLinks
        embeddedFields = cls.fields.indices.filter { cls.fields[$0].type == .embedded }
    }

    /// As detachable as the base: inlining reads embedded objects through the same (thread-safe) Realm file reader.
    var isDetachable: Bool { base.isDetachable }

    func next() throws -> MigrationRecord? {
        guard var record = try base.next() else { return nil }
        for index in embeddedFields where record.values.indices.contains(index) {
            record.values[index] = try inline(record.values[index], cls.fields[index])
        }
        record.incomingLinks.removeAll { !keepsIncomingLinks($0) }
        return record
    }
}
