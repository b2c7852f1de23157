import Foundation
import RudderMigration
import Testing

/// Behaviour 11: the report is a Codable value printable as JSON, per field migrated / skipped / absent, with the outcome.
@Suite struct ReportTests {
    static func migratedReport() throws -> RudderMigrationReport {
        let container = try LegacyContainer()
        var values = GuideExample.legacyValues
        values["rl_application_build_key"] = "1.2.3"
        values["rl_last_event_time_stamp"] = nil
        try container.writePlist(values)
        return try container.migrator().migrate()
    }

    @Test func jsonHasOneEntryPerFieldWithStatusValueSourceOrReason() throws {
        let json = try Self.migratedReport().jsonString()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["outcome"] as? String == "migrated")
        #expect(object["isPreview"] as? Bool == false)
        let fields = try #require(object["fields"] as? [[String: Any]])
        #expect(fields.map { $0["field"] as? String } == RudderField.allCases.map(\.rawValue))

        let anonymous = fields[0]
        #expect(anonymous["status"] as? String == "migrated")
        #expect(anonymous["value"] as? String == GuideExample.anonymousID)
        #expect(anonymous["source"] as? String == "legacy-plist")
        #expect(anonymous["legacyKey"] as? String == "rl_anonymous_id")

        let manual = fields[4]
        #expect(manual["value"] as? Bool == false)

        let lastActivity = fields[5]
        #expect(lastActivity["status"] as? String == "absent")
        #expect(lastActivity["value"] == nil && lastActivity["reason"] == nil)

        let build = fields[7]
        #expect(build["status"] as? String == "skipped")
        #expect((build["reason"] as? String)?.contains("1.2.3") == true)

        let sources = try #require(object["sources"] as? [[String: Any]])
        #expect(sources.first?["status"] as? String == "read")
        #expect(sources.first?["legacyKeysFound"] as? Int == 6)
    }

    @Test func reportRoundTripsThroughJSON() throws {
        let report = try Self.migratedReport()
        let decoded = try JSONDecoder().decode(RudderMigrationReport.self, from: Data(report.jsonString().utf8))
        #expect(decoded == report)
    }

    @Test func everyOutcomeHasItsJSONName() throws {
        let names: [RudderMigrationReport.Outcome: String] = [
            .migrated: "migrated", .nothingToMigrate: "nothing-to-migrate", .alreadyMigrated: "already-migrated",
            .destinationAlreadyInitialized: "destination-already-initialized", .deferred: "deferred",
        ]
        for (outcome, name) in names {
            let report = RudderMigrationReport(outcome: outcome, detail: "d", isPreview: false, destination: "x")
            let object = try JSONSerialization.jsonObject(with: Data(report.jsonString().utf8)) as? [String: Any]
            #expect(object?["outcome"] as? String == name)
        }
    }

    @Test func inspectPreviewsWithoutWriting() throws {
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues)
        let preview = container.migrator().inspect()
        #expect(preview.isPreview)
        #expect(preview.outcome == .migrated)
        #expect(preview.field(.userID) == .migrated(value: .string(GuideExample.userID), source: .legacyPlist))
        #expect(!FileManager.default.fileExists(atPath: container.destinationURL.path))

        let report = try container.migrator().migrate()
        #expect(report.fields == preview.fields)
        #expect(container.migrator().inspect().outcome == .alreadyMigrated)
    }
}
