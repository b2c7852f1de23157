import Foundation
import RudderMigration

/// `carryover rudder …`: the RudderStack legacy SDK → Swift SDK migration.
let rudderCommands: [CommandSpec] = [
    CommandSpec(
        path: ["rudder", "inspect"],
        summary: "Show what the RudderStack migration would do in an app container, without writing.",
        overview: """
            Reads the legacy Obj-C SDK's rsDefaultsPersistence.plist and the app's standard defaults in DIR (an app's
            data container copied from a device or simulator) and prints, per Swift SDK field, the value and source it
            would migrate or why it would skip it. With --write-key, the Swift SDK's suite file is checked too.
            """,
        options: RudderOptions.common + [
            .value("--write-key", "KEY", "Also check the Swift SDK suite <ID>.analytics.<KEY>.plist."),
            .flag("--json", "Print the report as JSON."),
        ],
        run: { arguments in
            let options = try RudderOptions(arguments, requireWriteKey: false)
            let report = options.migrator(migrationOptions: MigrationOptions()).inspect()
            try options.print(report)
            return .success
        }
    ),
    CommandSpec(
        path: ["rudder", "migrate"],
        summary: "Migrate RudderStack legacy SDK data in an app container to the Swift SDK's suite.",
        overview: """
            Writes the migrated values to DIR/Library/Preferences/<ID>.analytics.<KEY>.plist (a binary plist, written
            atomically, other keys kept), reads them back, then marks the migration done. Running it again does
            nothing. Legacy files are left in place unless --remove-legacy is given.
            Exit status: 0 migrated, nothing to migrate, or already migrated; 1 failure, deferred (legacy files
            cannot be opened) or destination already initialized; 64 bad usage.
            """,
        options: RudderOptions.common + [
            .required("--write-key", "KEY", "The Swift SDK source's write key (names the destination suite)."),
            .flag("--remove-legacy", "Remove the legacy plist and legacy keys after the destination verified."),
            .flag("--overwrite-destination", "Migrate even if the Swift SDK already wrote an anonymous_id."),
            .flag("--json", "Print the report as JSON."),
        ],
        run: { arguments in
            let options = try RudderOptions(arguments, requireWriteKey: true)
            let migrationOptions = MigrationOptions(
                overwriteInitializedDestination: arguments.flag("--overwrite-destination"),
                removeLegacyAfterVerification: arguments.flag("--remove-legacy"))
            let report = try options.migrator(migrationOptions: migrationOptions).migrate()
            try options.print(report)
            switch report.outcome {
            case .migrated, .nothingToMigrate, .alreadyMigrated:
                return .success
            case .deferred, .destinationAlreadyInitialized:
                standardError.write("Error: \(report.outcome.rawValue): \(report.detail)\n")
                return .failure
            }
        }
    ),
]

/// The options both `rudder` commands share, checked, and the migrator they describe.
private struct RudderOptions {
    static let common: [OptionSpec] = [
        .required("--container", "DIR", "The app's data container (holds Library/)."),
        .required("--bundle-id", "ID", "The app's bundle identifier (names Library/Preferences/<ID>.plist)."),
        .value("--platform", "ios|tvos", "Where the legacy plist lives: Library/ or Library/Caches/ (default: ios)."),
    ]

    var container: URL
    var bundleID: String
    var writeKey: String?
    var platform: LegacyLocation.Platform
    var json: Bool

    init(_ arguments: ParsedArguments, requireWriteKey: Bool) throws {
        bundleID = try Self.name(arguments.required("--bundle-id"), option: "--bundle-id")
        writeKey = try (requireWriteKey ? arguments.required("--write-key") : arguments.value("--write-key"))
            .map { try Self.name($0, option: "--write-key") }
        let platformName = try arguments.choice(
            "--platform", in: LegacyLocation.Platform.allCases.map(\.rawValue), default: "ios")
        platform = LegacyLocation.Platform(rawValue: platformName) ?? .iOS
        json = arguments.flag("--json")
        let path = try arguments.required("--container")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw ContainerError(path: path)
        }
        container = URL(fileURLWithPath: path, isDirectory: true)
    }

    /// Bundle ids and write keys become file names: reject empty ones and path separators.
    private static func name(_ value: String, option: String) throws -> String {
        guard !value.isEmpty, !value.contains("/"), value != ".", value != ".." else {
            throw UsageError("'\(value)' is not a valid value for '\(option)'.")
        }
        return value
    }

    func migrator(migrationOptions: MigrationOptions) -> RudderLegacyMigrator {
        let destination: any KeyValueStore
        if let writeKey {
            destination = PropertyListFileStore(
                url: LegacyLocation.destinationURL(container: container, bundleIdentifier: bundleID, writeKey: writeKey)
            )
        } else {
            destination = InMemoryKeyValueStore(identity: "(not checked: no --write-key)")
        }
        return RudderLegacyMigrator(
            legacyPlistURL: LegacyLocation.plistURL(
                library: container.appendingPathComponent("Library"), platform: platform),
            legacyStandardDefaults: PropertyListFileStore(
                url: LegacyLocation.standardDefaultsURL(container: container, bundleIdentifier: bundleID)),
            destination: destination, options: migrationOptions)
    }

    func print(_ report: MigrationReport) throws {
        standardOutput.write(json ? try report.jsonString() + "\n" : report.text)
    }
}

private struct ContainerError: Error, CustomStringConvertible {
    var path: String
    var description: String { "'\(path)' is not a folder (expected an app's data container)." }
}
