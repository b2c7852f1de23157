import Foundation
import RudderMigration
import Testing

/// Behaviour 8: legacy data is untouched by default, and removed on request only after the destination verified.
@Suite struct LegacyRemovalTests {
    @Test func legacyDataIsUntouchedByDefault() throws {
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues)
        try container.writeStandardDefaults(GuideExample.legacyValues, format: .xml)
        let plist = try Data(contentsOf: container.plistURL)
        let defaults = try Data(contentsOf: container.standardDefaultsURL)

        let report = try container.migrator().migrate()
        #expect(report.legacyRemoval.status == .notRequested)
        #expect(try Data(contentsOf: container.plistURL) == plist)
        #expect(try Data(contentsOf: container.standardDefaultsURL) == defaults)
    }

    @Test func removalDeletesThePlistAndTheLegacyKeysAfterVerification() throws {
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues)
        var defaults = GuideExample.legacyValues
        defaults["AppOwnSetting"] = "keep me"
        try container.writeStandardDefaults(defaults)

        let report = try container.migrator(options: RudderMigrationOptions(removeLegacyAfterVerification: true))
            .migrate()
        #expect(report.outcome == .migrated)
        #expect(report.legacyRemoval.status == .removed)
        #expect(!FileManager.default.fileExists(atPath: container.plistURL.path))
        let remaining = try #require(try LegacyContainer.read(container.standardDefaultsURL))
        #expect(Set(remaining.keys) == ["AppOwnSetting"])
        #expect(try container.destination()["anonymous_id"] as? String == GuideExample.anonymousID)
    }

    @Test func nothingIsRemovedWhenVerificationFails() throws {
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues)
        let lying = LyingStore(PropertyListFileStore(url: container.destinationURL), altering: "session_id")
        let migrator = container.migrator(
            options: RudderMigrationOptions(removeLegacyAfterVerification: true), destination: lying)
        #expect(
            throws: RudderMigrationError.verificationFailed(
                key: "session_id", expected: "\"1699999000\"", found: "string(\"altered\")")
        ) {
            try migrator.migrate()
        }
        #expect(FileManager.default.fileExists(atPath: container.plistURL.path))
    }

    @Test func nothingIsRemovedWhenWritingFails() throws {
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues)
        let files = ScriptedFileAccess()
        files.failWrites(after: 1)
        #expect(throws: FileAccessError.self) {
            try container.migrator(
                options: RudderMigrationOptions(removeLegacyAfterVerification: true), fileAccess: files
            )
            .migrate()
        }
        #expect(FileManager.default.fileExists(atPath: container.plistURL.path))
    }

    @Test func aFailedRemovalIsReportedAndTheMigrationStands() throws {
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues)
        let files = ScriptedFileAccess()
        files.failRemovals()
        let report = try container.migrator(
            options: RudderMigrationOptions(removeLegacyAfterVerification: true), fileAccess: files
        ).migrate()
        #expect(report.outcome == .migrated)
        #expect(report.legacyRemoval.status == .notRemoved)
        #expect(try container.destination()[RudderMigrationMarker.completed] != nil)
    }
}
