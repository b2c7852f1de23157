import Foundation
import MigrationEngine
import RealmMigrationSource
import RealmSchema
import RealmSchemaUpgrade
import Testing

/// Realm's automatic changes, with no migration block: the upgraded view of each old file equals what realm-core
/// made of a copy of it, object by object, field by field, incoming link by incoming link.
@Suite struct AutomaticUpgradeTests {
    private func expectUpgradeEqualsRealm(
        _ name: String, classes: [String]? = nil, block: MigrationBlock? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> RealmSchemaUpgrade {
        try UpgradeCase(name: name).expectUpgradeEqualsRealm(
            classes: classes, block: block, sourceLocation: sourceLocation)
    }

    @Test func addedPropertiesTakeRealmCoresDefaultsNotSwifts() throws {
        let upgrade = try expectUpgradeEqualsRealm("added-properties")
        #expect(upgrade.fileVersion == 1 && upgrade.appVersion == 2)
        let person = try #require(upgrade.report.classes.first { $0.className == "Person" })
        #expect(person.addedProperties.count == 17 && person.objectsKept == 4 && person.droppedProperties.isEmpty)
        #expect(upgrade.report.classes.first { $0.className == "Dog" }?.isNew == true)
    }

    @Test func removedPropertyIsDropped() throws {
        let upgrade = try expectUpgradeEqualsRealm("removed-property")
        #expect(upgrade.report.classes.first?.droppedProperties == ["nickname"])
        #expect(upgrade.changes == [.removedProperty(className: "Person", property: "nickname")])
    }

    @Test func removedClassIsLeftBehindWithItsCount() throws {
        let upgrade = try expectUpgradeEqualsRealm("removed-class", classes: ["Person"])
        let truth = try UpgradeCase(name: "removed-class").migrated()
        let legacy = try #require(try truth.schema().class(named: "Legacy"), "realm-core keeps the table")
        #expect(
            upgrade.report.classesLeftBehind
                == [.init(className: "Legacy", objectCount: try truth.objectCount(of: legacy))])
        #expect(upgrade.report.classesLeftBehind.first?.objectCount == 4)
        #expect(try upgrade.source.schema().class(named: "Legacy") == nil)
    }

    @Test func primaryKeyAddedOrMovedKeepsObjectsAndKeys() throws {
        for name in ["primary-key-added", "primary-key-changed"] {
            let upgrade = try expectUpgradeEqualsRealm(name)
            #expect(upgrade.changes.contains { if case .changedPrimaryKey = $0 { true } else { false } })
        }
    }

    @Test func addedClassAndIndexNeedNoVersionBump() throws {
        let upgrade = try expectUpgradeEqualsRealm("added-class-same-version")
        #expect(upgrade.fileVersion == 2 && upgrade.appVersion == 2)
        #expect(
            Set(upgrade.changes) == [.addedClass("Tag"), .addedIndex(className: "Person", property: "name")])
        #expect(!upgrade.report.ranMigrationBlock)
    }

    @Test func nullabilityKeepsValuesOneWayAndResetsThemTheOther() throws {
        let upgrade = try expectUpgradeEqualsRealm("nullability") { migration, _ in
            migration.enumerateObjects(ofType: "Item") { oldObject, newObject in
                if let d = oldObject?["d"] as? Double { newObject?["d"] = d }
            }
        }
        let item = try #require(upgrade.report.classes.first)
        #expect(Set(item.resetProperties) == ["b", "d"])
        #expect(
            Set(upgrade.changes)
                == [
                    .madeOptional(className: "Item", property: "a"), .madeRequired(className: "Item", property: "b"),
                    .madeOptional(className: "Item", property: "c"), .madeRequired(className: "Item", property: "d"),
                ])
    }

    @Test func changedTypesStartFromDefaultsUnlessTheBlockSetsThem() throws {
        let upgrade = try expectUpgradeEqualsRealm("type-change") { migration, _ in
            migration.enumerateObjects(ofType: "Item") { oldObject, newObject in
                newObject?["count"] = String(oldObject?["count"] as? Int ?? -1)
            }
        }
        #expect(upgrade.report.classes.first { $0.className == "Item" }?.resetProperties == ["count", "tags", "owner"])
        #expect(
            upgrade.changes.map(\.realmMessage).sorted() == [
                "Property 'Item.count' has been changed from 'int' to 'string'.",
                "Property 'Item.owner' has been changed from '<Dog>' to '<Cat>'.",
                "Property 'Item.tags' has been changed from 'array<int>' to 'array<string>'.",
            ])
    }

    @Test func aClassBecomingEmbeddedLosesOrphansAndCopiesSharedObjects() throws {
        let upgrade = try expectUpgradeEqualsRealm("embedded")
        let address = try #require(upgrade.report.classes.first { $0.className == "Address" })
        #expect(address.objectsCreated == 2 && address.objectsDeleted == 2 && address.objectsKept == 2)
        #expect(
            upgrade.changes == [.changedClassKind(className: "Address", from: .topLevel, to: .embedded)])
    }

    @Test func theFileIsOnlyRead() throws {
        let fixture = UpgradeCase(name: "added-properties")
        let before = try Data(contentsOf: fixture.oldURL)
        _ = try expectUpgradeEqualsRealm("added-properties")
        #expect(try Data(contentsOf: fixture.oldURL) == before)
    }
}
