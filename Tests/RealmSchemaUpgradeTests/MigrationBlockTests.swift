import Foundation
import MigrationEngine
import RealmSchema
import RealmSchemaUpgrade
import Testing

/// The app's migration block, written as it would be for RealmSwift, run against Carryover's `Migration`: the
/// upgraded view equals what realm-core made of the file with the same block (written in C++ against its Object
/// Store, `scripts/realm-tools/write-schema-upgrades.cpp`).
@Suite struct MigrationBlockTests {
    private func expectUpgradeEqualsRealm(
        _ name: String, classes: [String]? = nil, block: @escaping MigrationBlock,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> RealmSchemaUpgrade {
        let upgrade = try UpgradeCase(name: name).expectUpgradeEqualsRealm(
            classes: classes, block: block, sourceLocation: sourceLocation)
        #expect(upgrade.report.ranMigrationBlock, sourceLocation: sourceLocation)
        return upgrade
    }

    /// The chain the cases `chain` and `chain-from-2` share, as an app writes it.
    private static let chainBlock: MigrationBlock = { migration, oldSchemaVersion in
        if oldSchemaVersion < 2 {
            migration.enumerateObjects(ofType: "Person") { oldObject, newObject in
                let first = oldObject!["firstName"] as! String
                let last = oldObject!["lastName"] as! String
                newObject!["fullName"] = first + " " + last
            }
        }
        if oldSchemaVersion < 3 {
            migration.enumerateObjects(ofType: "Person") { oldObject, newObject in
                newObject!.birthYear = 2024 - (oldObject!.age as! Int)
            }
        }
    }

    @Test func aComputedValueFromRemovedProperties() throws {
        let upgrade = try expectUpgradeEqualsRealm("computed-fullname") { migration, _ in
            migration.enumerateObjects(ofType: "Person") { oldObject, newObject in
                let first = oldObject?["firstName"] as? String ?? ""
                let last = oldObject?["lastName"] as? String ?? ""
                newObject?["fullName"] = "\(first) \(last)"
            }
        }
        let person = try #require(upgrade.report.classes.first)
        #expect(Set(person.droppedProperties) == ["firstName", "lastName"] && person.objectsChanged == 4)
    }

    @Test func aChainRunsEveryStepAfterTheFilesVersion() throws {
        let fromOne = try expectUpgradeEqualsRealm("chain", block: Self.chainBlock)
        #expect(fromOne.fileVersion == 1 && fromOne.appVersion == 3)
        let fromTwo = try expectUpgradeEqualsRealm("chain-from-2", block: Self.chainBlock)
        #expect(fromTwo.fileVersion == 2)
    }

    @Test func aRenameKeepsTheValues() throws {
        let upgrade = try expectUpgradeEqualsRealm("rename") { migration, _ in
            migration.renameProperty(onType: "Person", from: "name", to: "fullName")
        }
        #expect(upgrade.report.classes.first?.renamedProperties == ["name → fullName"])
        #expect(upgrade.report.classes.first?.droppedProperties == [])
    }

    @Test func deletedAndCreatedObjectsWithLinksToThem() throws {
        let upgrade = try expectUpgradeEqualsRealm("create-delete") { migration, _ in
            migration.enumerateObjects(ofType: "Person") { oldObject, newObject in
                if (oldObject!["age"] as! Int) < 18 { migration.delete(newObject!) }
            }
            let adults = migration.create("Group", value: ["title": "adults"])
            migration.enumerateObjects(ofType: "Person") { _, newObject in
                newObject!["group"] = adults
            }
        }
        let person = try #require(upgrade.report.classes.first { $0.className == "Person" })
        #expect(person.objectsDeleted == 2 && person.objectsKept == 3)
        #expect(upgrade.report.classes.first { $0.className == "Group" }?.objectsCreated == 1)
    }

    @Test func deleteDataRemovesAClassTheAppDropped() throws {
        let upgrade = try expectUpgradeEqualsRealm("deleted-class-data", classes: ["Person"]) { migration, _ in
            #expect(migration.deleteData(forType: "Legacy"))
            #expect(!migration.deleteData(forType: "NoSuchClass"))
        }
        #expect(upgrade.report.classesDeleted == ["Legacy"] && upgrade.report.classesLeftBehind.isEmpty)
    }

    @Test func aClassTheAppDroppedIsEnumeratedWithoutNewObjects() throws {
        var notes: [String] = []
        let fixture = UpgradeCase(name: "removed-class")
        let collected = Collected()
        _ = try RealmSchemaUpgrade(
            file: try fixture.old(), appSchema: try fixture.appSchema(classes: ["Person"]),
            migrationBlock: { migration, _ in
                migration.enumerateObjects(ofType: "Legacy") { oldObject, newObject in
                    collected.append("\(oldObject?["note"] as? String ?? "?")|\(newObject == nil)")
                }
            })
        notes = collected.values
        #expect(notes == ["first note|true", "second|true", "|true", "last|true"])
    }

    @Test func aMisusedAPIFailsWithRealmsMessageAndWritesNothing() throws {
        let fixture = UpgradeCase(name: "rename")
        let app = try fixture.appSchema()
        let cases: [(MigrationBlock, String)] = [
            (
                { migration, _ in migration.renameProperty(onType: "Person", from: "age", to: "fullName") },
                "Cannot rename property 'Person.age' to 'fullName' because the source property still exists."
            ),
            (
                { migration, _ in migration.renameProperty(onType: "Person", from: "nope", to: "fullName") },
                "Cannot rename property 'Person.nope' because it does not exist."
            ),
            (
                { migration, _ in migration.renameProperty(onType: "Person", from: "name", to: "nickname") },
                "Renamed property 'Person.nickname' does not exist."
            ),
            (
                { migration, _ in
                    migration.enumerateObjects(ofType: "Person") { _, newObject in newObject?["age"] = "old" }
                },
                "Invalid value 'old' of type 'String' for 'int' property 'age'."
            ),
            (
                { migration, _ in
                    migration.enumerateObjects(ofType: "Person") { _, newObject in _ = newObject?["name"] }
                },
                "Invalid property name 'name' for class 'Person'."
            ),
            (
                { migration, _ in
                    migration.enumerateObjects(ofType: "Person") { oldObject, _ in migration.delete(oldObject!) }
                },
                "Can only delete an object from the Realm it belongs to."
            ),
        ]
        for (block, message) in cases {
            #expect(throws: SchemaUpgradeError.invalidMigration(message)) {
                try RealmSchemaUpgrade(file: try fixture.old(), appSchema: app, migrationBlock: block)
            }
        }
    }

    @Test func listsComeBackTypedAndWriteThrough() throws {
        let fixture = UpgradeCase(name: "nullability")
        let seen = Collected()
        let upgrade = try RealmSchemaUpgrade(
            file: try fixture.old(), appSchema: try fixture.appSchema(),
            migrationBlock: { migration, _ in
                migration.enumerateObjects(ofType: "Item") { oldObject, newObject in
                    let old = oldObject!["c"] as! List<Int>
                    let new = newObject!["c"] as! List<Int?>
                    seen.append("\(Array(old))")
                    new.append(nil)
                    new.insert(old.count, at: 0)
                }
            })
        #expect(seen.values == ["[1, 2, 3]", "[]", "[0, -1]", "[42]"])
        let item = try #require(try upgrade.source.schema().class(named: "Item"))
        let index = try #require(item.fields.firstIndex { $0.name == "c" })
        var lists: [MigrationValue] = []
        let cursor = try upgrade.source.records(of: item, after: nil)
        while let record = try cursor.next() { lists.append(record.values[index]) }
        #expect(lists.first == .list([.int(3), .int(1), .int(2), .int(3), .null]))
        #expect(lists.count == 4 && lists[1] == .list([.int(0), .null]))
    }

    @Test func theBlockIsNotRunWhenTheVersionsAreEqualOrTheAppsIsZero() throws {
        let fixture = UpgradeCase(name: "added-class-same-version")
        let collected = Collected()
        let upgrade = try RealmSchemaUpgrade(
            file: try fixture.old(), appSchema: try fixture.appSchema(),
            migrationBlock: { _, version in collected.append("ran from \(version)") })
        #expect(collected.values.isEmpty && !upgrade.report.ranMigrationBlock)
    }
}

/// Values a `@Sendable` block collects for the test to read afterwards (the block runs on the calling thread).
final class Collected: @unchecked Sendable {
    private(set) var values: [String] = []
    func append(_ value: String) { values.append(value) }
}
