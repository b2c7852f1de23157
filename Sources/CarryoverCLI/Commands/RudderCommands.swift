import Foundation
import RudderMigration

/// `carryover rudder …`: the RudderStack legacy SDK (v1 Obj-C or v2 Swift) → Swift SDK migration.
let rudderCommands: [CommandSpec] = [
    CommandSpec(
        path: ["rudder", "inspect"],
        summary: "Show what the RudderStack migration would do in an app container, without writing.",
        overview: """
            Reads the legacy SDK's storage in DIR (an app's data container copied from a device or simulator): v1's
            rsDefaultsPersistence.plist and standard defaults, or v2's keys in standard defaults. Prints which SDK line
            was read and why, and per Swift SDK field the value and source it would migrate or why it would skip it.
            With --write-key, the Swift SDK's suite file is checked too.
            """,
        options: RudderOptions.common + [RudderOptions.checkedWriteKey.spec] + RudderOptions.sourceOptions + [
            RudderOptions.json.spec
        ],
        run: { arguments, console in
            let options = try RudderOptions(arguments, writeKey: RudderOptions.checkedWriteKey)
            let report = options.migrator(migrationOptions: RudderMigrationOptions()).inspect()
            try options.print(report, to: console)
            return .success
        }
    ),
    CommandSpec(
        path: ["rudder", "migrate"],
        summary: "Migrate RudderStack legacy SDK data in an app container to the Swift SDK's suite.",
        overview: """
            Writes the migrated values to DIR/Library/Preferences/<ID>.analytics.<KEY>.plist (a binary plist, written
            atomically, other keys kept), reads them back, then marks the migration done. Running it again does
            nothing. Legacy files are left in place unless --remove-legacy is given. v2 data holds no anonymous id
            (the v2 SDK used the device's identifierForVendor): give it with --anonymous-id, or it is skipped.
            Exit status: 0 migrated, nothing to migrate, or already migrated; 1 failure, deferred (legacy files
            cannot be opened) or destination already initialized; 64 bad usage.
            """,
        options: RudderOptions.common + [RudderOptions.writeKey.spec] + RudderOptions.sourceOptions + [
            RudderOptions.removeLegacy.spec, RudderOptions.overwriteDestination.spec, RudderOptions.json.spec,
        ],
        run: { arguments, console in
            let options = try RudderOptions(arguments, writeKey: RudderOptions.writeKey)
            let migrationOptions = RudderMigrationOptions(
                overwriteInitializedDestination: arguments[RudderOptions.overwriteDestination],
                removeLegacyAfterVerification: arguments[RudderOptions.removeLegacy])
            let report = try options.migrator(migrationOptions: migrationOptions).migrate()
            try options.print(report, to: console)
            switch report.outcome {
            case .migrated, .nothingToMigrate, .alreadyMigrated:
                return .success
            case .deferred, .destinationAlreadyInitialized:
                console.error.write("Error: \(report.outcome.rawValue): \(report.detail)\n")
                return .failure
            }
        }
    ),
]
