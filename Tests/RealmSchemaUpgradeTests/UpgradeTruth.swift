import Foundation
import MigrationEngine
import RealmMigrationSource
import RealmSchema
import RealmSchemaUpgrade
import TestSupport
import Testing

/// One case of `Tests/Fixtures/schema-upgrade`: a file realm-core wrote at an old schema version, and what realm-core
/// made of a copy of it opened with the app's schema (`NAME.migrated.realm`) or why it refused (`NAME.error.txt`,
/// `NAME.app.realm`).
struct UpgradeCase {
    static let directory = Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/schema-upgrade")

    let name: String

    var oldURL: URL { Self.directory.appendingPathComponent("\(name).old.realm") }
    var migratedURL: URL { Self.directory.appendingPathComponent("\(name).migrated.realm") }
    var appURL: URL { Self.directory.appendingPathComponent("\(name).app.realm") }

    /// The file at the old version.
    func old() throws -> RealmMigrationSource { try RealmMigrationSource(url: oldURL) }

    /// realm-core's upgrade of it.
    func migrated() throws -> RealmMigrationSource { try RealmMigrationSource(url: migratedURL) }

    /// The app's schema: the classes `classes` of the file realm-core upgraded (or, for a refusal, created empty
    /// with the app's schema), at that file's version. Classes realm-core left in the file are not the app's.
    func appSchema(classes: [String]? = nil, refused: Bool = false) throws -> Schema {
        let file = try RealmMigrationSource(url: refused ? appURL : migratedURL).realm.schema
        let names = Set(classes ?? file.objectTypes.map(\.name))
        return Schema(version: file.version, objectTypes: file.objectTypes.filter { names.contains($0.name) })
    }

    /// realm-core's message for a refusal (without the last line, which names the exception type).
    func realmError() throws -> String {
        let text = try String(contentsOf: Self.directory.appendingPathComponent("\(name).error.txt"), encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last == "" { lines.removeLast() }
        lines.removeLast()
        return lines.joined(separator: "\n")
    }
}

extension UpgradeCase {
    /// Upgrades the old file to the app's `classes` (all of realm-core's result's when `nil`) with `block`, and
    /// expects the upgraded view to equal realm-core's result, object by object.
    func expectUpgradeEqualsRealm(
        classes: [String]? = nil, block: MigrationBlock? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> RealmSchemaUpgrade {
        let app = try appSchema(classes: classes)
        let upgrade = try RealmSchemaUpgrade(file: try old(), appSchema: app, migrationBlock: block)
        let names = app.objectTypes.map(\.name)
        let ours = try SourceContents(upgrade.source, classes: names)
        let realms = try SourceContents(try migrated(), classes: names)
        #expect(ours == realms, "ours:\n\(ours)\nrealm-core's:\n\(realms)", sourceLocation: sourceLocation)
        #expect(Set(ours.classes.keys) == Set(names), sourceLocation: sourceLocation)
        return upgrade
    }
}

/// A source listed a class's records out of ascending key order.
struct OutOfOrder: Error {
    var className: String
    var key: Int64
}

/// Every class of a source, as comparable values: objects by key, each field by name, and the incoming links.
struct SourceContents: Equatable, CustomStringConvertible {
    struct Object: Equatable {
        var fields: [String: MigrationValue]
        var incoming: [String]
    }

    var classes: [String: [Int64: Object]]

    init(_ source: any MigrationSource, classes names: [String]) throws {
        var classes: [String: [Int64: Object]] = [:]
        for cls in try source.schema().classes where names.contains(cls.name) {
            var objects: [Int64: Object] = [:]
            let cursor = try source.records(of: cls, after: nil)
            var last: Int64? = nil
            while let record = try cursor.next() {
                if let last, last >= record.key { throw OutOfOrder(className: cls.name, key: record.key) }
                last = record.key
                var fields: [String: MigrationValue] = [:]
                for (field, value) in zip(cls.fields, record.values) { fields[field.name] = Self.ordered(value) }
                let incoming = record.incomingLinks.flatMap { group in
                    group.originKeys.map { "\(group.originClass).\(group.originField) <- \($0)" }
                }
                objects[record.key] = Object(fields: fields, incoming: incoming.sorted())
            }
            classes[cls.name] = objects
        }
        self.classes = classes
    }

    /// Sets and dictionaries in a canonical order (their storage order is realm-core's business).
    private static func ordered(_ value: MigrationValue) -> MigrationValue {
        switch value {
        case .set(let items): .set(items.sorted { "\($0)" < "\($1)" })
        case .dictionary(let entries): .dictionary(entries.sorted { $0.key < $1.key })
        default: value
        }
    }

    var description: String {
        classes.keys.sorted().map { name in
            "\(name):\n"
                + (classes[name] ?? [:]).keys.sorted().map { key in
                    let object = classes[name]?[key]
                    let fields = (object?.fields ?? [:]).keys.sorted().map { "\($0)=\(object?.fields[$0] ?? .null)" }
                    return "  \(key): \(fields.joined(separator: ", ")) in: \(object?.incoming ?? [])"
                }.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
