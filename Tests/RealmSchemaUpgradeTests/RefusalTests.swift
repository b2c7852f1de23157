import Foundation
import RealmSchemaUpgrade
import Testing

/// Where realm-core refuses to open the file with the app's schema, the upgrade refuses with a typed error whose
/// message is realm-core's own.
@Suite struct RefusalTests {
    private func refusal(_ name: String) throws -> (SchemaUpgradeError, String) {
        let fixture = UpgradeCase(name: name)
        let app = try fixture.appSchema(refused: true)
        let file = try fixture.old()
        do {
            _ = try RealmSchemaUpgrade(file: file, appSchema: app)
        } catch {
            return (error, try fixture.realmError())
        }
        Issue.record("\(name): the upgrade was not refused")
        throw CancellationError()
    }

    @Test func aFileNewerThanTheAppIsRefusedWithBothVersions() throws {
        let (error, realm) = try refusal("newer-file")
        #expect(error == .fileNewerThanApp(fileVersion: 5, appVersion: 4))
        #expect(error.description == realm)
    }

    @Test func aChangedSchemaWithoutAVersionBumpIsRefusedWithTheChanges() throws {
        let (error, realm) = try refusal("no-bump")
        #expect(
            error
                == .migrationRequired(
                    fileVersion: 2, appVersion: 2, changes: ["Property 'Person.age' has been added."]))
        #expect(error.description == realm)
    }

    @Test func duplicatePrimaryKeysAfterTheUpgradeAreRefused() throws {
        let (error, realm) = try refusal("primary-key-duplicates")
        guard case .duplicatePrimaryKey(let cls, let property, let value) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(cls == "Person" && property == "id" && value == "10")
        #expect(error.description.hasPrefix(realm))
    }

    /// An app whose migration block was not carried over (an Objective-C block, one that could not be read): a file at
    /// an older version is refused with both versions and where the block is, never upgraded without it; a file at
    /// the app's version needs no block and upgrades as before.
    @Test func aFileOlderThanTheAppIsRefusedWhenTheBlockWasNotCarried() throws {
        let fixture = UpgradeCase(name: "computed-fullname")
        let app = RealmAppModels(
            schema: try fixture.appSchema(), migrationBlockNotCarried: "the migration block at App/AppDelegate.m:12")
        let old = try fixture.old()
        do {
            _ = try RealmSchemaUpgrade(file: old, app: app)
            Issue.record("the upgrade ran without the app's block")
        } catch {
            #expect(
                error
                    == .migrationBlockNotCarried(
                        fileVersion: 1, appVersion: 2, block: "the migration block at App/AppDelegate.m:12"))
            #expect(error.description.contains("App/AppDelegate.m:12"))
        }
        let current = try RealmSchemaUpgrade(file: try fixture.migrated(), app: app)
        #expect(current.report.fileVersion == 2 && current.report.appVersion == 2)
    }
}
