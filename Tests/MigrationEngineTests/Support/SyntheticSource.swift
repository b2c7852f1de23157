import Foundation
import MigrationEngine
import TestSupport

/// Thrown by ``SyntheticSource`` to simulate a crash in the middle of a batch.
struct SimulatedCrash: Error {}

/// A source held in memory, generated from a seed: four classes covering every field type and collection kind,
/// links forward, backward, across classes and into an embedded class, with edge values (NaN, −0, NUL bytes,
/// negative dates, nested mixed collections). It computes every object's incoming links itself.
final class SyntheticSource: MigrationSource, @unchecked Sendable {
    let migrationSchema: MigrationSchema
    /// The objects of each class, in key order; tests may edit them (say, to give two objects one primary key).
    var recordsByClass: [String: [MigrationRecord]]
    let fingerprintText: String
    /// Reads so far, over all cursors.
    private(set) var reads = 0
    /// When set, the read with this number (1-based) throws ``SimulatedCrash``.
    var crashAtRead: Int?
    /// Called with the number of every read.
    var onRead: (@Sendable (Int) -> Void)?
    /// Whether its cursors say they are detachable, so that verification reads them ahead on a thread of its own.
    var detachable = false

    init(seed: UInt64, tracks: Int = 120, albums: Int = 12, artists: Int = 5) {
        var random = SeededRandomNumberGenerator(seed: seed)
        migrationSchema = Self.schema
        var records: [String: [MigrationRecord]] = [:]
        records["Artist"] = (0..<artists).map { index in
            let name = index == 0 ? "" : "Artist \(index) \u{0}ü😀"
            return MigrationRecord(
                key: Int64(index) * 1_000_003 - 7,
                values: [
                    .string(name),
                    index % 2 == 0 ? .null : .date(seconds: -Int64(index) * 86_400 - 1, nanoseconds: -999_999_999),
                    .double(index == 1 ? .nan : (index == 2 ? -0.0 : Double(index) / 3)),
                    .set((0..<index).map { .string("tag\($0)") }),
                    .dictionary([
                        MigrationDictionaryEntry(key: "plays", value: .int(Int64(index))),
                        MigrationDictionaryEntry(
                            key: "nested",
                            value: .list([
                                .bool(true), .dictionary([MigrationDictionaryEntry(key: "x", value: .double(-0.0))]),
                            ])),
                        MigrationDictionaryEntry(key: "none", value: .null),
                    ]),
                ])
        }
        let artistKeys = records["Artist"]!.map(\.key)
        records["Note"] = (0..<(tracks / 2)).map { index in
            MigrationRecord(key: Int64(index), values: [.string("note \(index)")])
        }
        records["Album"] = (1...albums).map { id in
            let trackKeys = (0..<Int(random.next() % 12)).map { _ in Int64(random.next() % UInt64(tracks)) * 10 }
            return MigrationRecord(
                key: Int64(id),
                values: [
                    .int(Int64(id)),
                    .string("Album \(id)"),
                    id % 4 == 0
                        ? .null : .link(ObjectReference(className: "Artist", key: artistKeys[id % artistKeys.count])),
                    .list(trackKeys.map { .link(ObjectReference(className: "Track", key: $0)) }),
                    .link(ObjectReference(className: "Track", key: Int64(tracks - 1) * 10)),
                    id % 3 == 0 ? .null : .data(Data((0..<(id % 5)).map { UInt8($0 * 51) })),
                    .decimal128(low: random.next(), high: random.next()),
                    .objectId(leading: random.next(), trailing: UInt32(truncatingIfNeeded: random.next())),
                    .uuid(UUID(uuid: (1, 2, 3, 4, 5, 6, 7, UInt8(id), 9, 10, 11, 12, 13, 14, 15, 16))),
                    .bool(id % 2 == 0),
                    .float(id == 1 ? -.nan : Float(id) * 0.5),
                    Self.mixed(id, random: &random, tracks: tracks),
                ])
        }
        records["Track"] = (0..<tracks).map { index in
            MigrationRecord(
                key: Int64(index) * 10,
                values: [
                    .string("Track \(index)"),
                    .double(Double(random.next() % 1000) / 8),
                    .int(index == 0 ? .min : (index == 1 ? .max : Int64(bitPattern: random.next()))),
                    .link(ObjectReference(className: "Album", key: Int64(index % albums + 1))),
                    .list((0..<(index % 4)).map { $0 == 1 ? .null : .int(Int64($0)) }),
                    index % 2 == 0 ? .link(ObjectReference(className: "Note", key: Int64(index / 2))) : .null,
                    .date(
                        seconds: Int64(random.next() % 2_000_000_000), nanoseconds: Int32(random.next() % 1_000_000_000)
                    ),
                ])
        }
        recordsByClass = Self.addingIncomingLinks(records, schema: Self.schema)
        fingerprintText = "synthetic-\(seed)-\(tracks)-\(albums)-\(artists)"
    }

    private static func mixed(_ id: Int, random: inout SeededRandomNumberGenerator, tracks: Int) -> MigrationValue {
        switch id % 6 {
        case 0: .null
        case 1: .link(ObjectReference(className: "Track", key: Int64(random.next() % UInt64(tracks)) * 10))
        case 2: .string("mixed \(id)")
        case 3: .date(seconds: 1_700_000_000, nanoseconds: 5)
        case 4: .list([.int(1), .string("two"), .link(ObjectReference(className: "Album", key: 1))])
        default: .double(.infinity)
        }
    }

    static let schema = MigrationSchema(classes: [
        ClassDescription(
            name: "Artist", primaryKey: "name",
            fields: [
                FieldDescription(name: "name", type: .string, isIndexed: true),
                FieldDescription(name: "born", type: .date, isOptional: true),
                FieldDescription(name: "rating", type: .double),
                FieldDescription(name: "tags", type: .string, collection: .set),
                FieldDescription(name: "extra", type: .mixed, collection: .dictionary, isOptional: true),
            ]),
        ClassDescription(name: "Note", isEmbedded: true, fields: [FieldDescription(name: "text", type: .string)]),
        ClassDescription(
            name: "Album", primaryKey: "id",
            fields: [
                FieldDescription(name: "id", type: .int, isIndexed: true),
                FieldDescription(name: "title", type: .string),
                FieldDescription(name: "artist", type: .link, isOptional: true, targetClass: "Artist"),
                FieldDescription(name: "tracks", type: .link, collection: .list, targetClass: "Track"),
                FieldDescription(name: "lastTrack", type: .link, isOptional: true, targetClass: "Track"),
                FieldDescription(name: "cover", type: .data, isOptional: true),
                FieldDescription(name: "price", type: .decimal128),
                FieldDescription(name: "oid", type: .objectId),
                FieldDescription(name: "uuid", type: .uuid),
                FieldDescription(name: "isLive", type: .bool),
                FieldDescription(name: "score", type: .float),
                FieldDescription(name: "anything", type: .mixed, isOptional: true),
            ]),
        ClassDescription(
            name: "Track",
            fields: [
                FieldDescription(name: "title", type: .string),
                FieldDescription(name: "duration", type: .double),
                FieldDescription(name: "plays", type: .int, isIndexed: true),
                FieldDescription(name: "album", type: .link, isOptional: true, targetClass: "Album"),
                FieldDescription(name: "ratings", type: .int, collection: .list, isOptional: true),
                FieldDescription(name: "note", type: .link, isOptional: true, targetClass: "Note"),
                FieldDescription(name: "released", type: .date),
            ]),
    ])

    private static func addingIncomingLinks(_ records: [String: [MigrationRecord]], schema: MigrationSchema)
        -> [String: [MigrationRecord]]
    {
        var incoming: [String: [Int64: [String: IncomingLinks]]] = [:]
        for cls in schema.classes {
            for record in records[cls.name] ?? [] {
                for (field, value) in zip(cls.fields, record.values) {
                    collectLinks(value) { link in
                        let group = "\(cls.name).\(field.name)"
                        incoming[link.className, default: [:]][link.key, default: [:]][
                            group,
                            default: IncomingLinks(originClass: cls.name, originField: field.name, originKeys: [])
                        ].originKeys.append(record.key)
                    }
                }
            }
        }
        return records.mapValues { list in list.map { $0 } }.reduce(into: [:]) { result, pair in
            result[pair.key] = pair.value.map { record in
                var copy = record
                copy.incomingLinks = (incoming[pair.key]?[record.key] ?? [:]).sorted { $0.key < $1.key }.map(\.value)
                return copy
            }.sorted { $0.key < $1.key }
        }
    }

    private static func collectLinks(_ value: MigrationValue, _ body: (ObjectReference) -> Void) {
        switch value {
        case .link(let reference): body(reference)
        case .list(let items), .set(let items): for item in items { collectLinks(item, body) }
        case .dictionary(let entries): for entry in entries { collectLinks(entry.value, body) }
        default: break
        }
    }

    /// Replaces the records of `className` (tests that break the source's own consistency).
    func replaceRecords(of className: String, with records: [MigrationRecord]) {
        recordsByClass[className] = records
    }

    func schema() throws -> MigrationSchema { migrationSchema }
    func fingerprint() throws -> String { fingerprintText }
    func objectCount(of cls: ClassDescription) throws -> Int { recordsByClass[cls.name]?.count ?? 0 }

    func records(of cls: ClassDescription, after key: Int64?) throws -> any RecordCursor {
        let all = recordsByClass[cls.name] ?? []
        return CountingCursor(records: key.map { key in all.filter { $0.key > key } } ?? all, source: self)
    }

    fileprivate func countRead() throws {
        reads += 1
        onRead?(reads)
        if reads == crashAtRead { throw SimulatedCrash() }
    }
}

private final class CountingCursor: RecordCursor {
    private var iterator: IndexingIterator<[MigrationRecord]>
    private let source: SyntheticSource

    init(records: [MigrationRecord], source: SyntheticSource) {
        iterator = records.makeIterator()
        self.source = source
    }

    var isDetachable: Bool { source.detachable }

    func next() throws -> MigrationRecord? {
        guard let record = iterator.next() else { return nil }
        try source.countRead()
        return record
    }
}
