import Foundation
import RudderMigration

/// The options of the `rudder` commands, each declared once, read and checked; and the migrator they describe.
struct RudderOptions {
    static let container = Option<String>.required("--container", "DIR", "The app's data container (holds Library/).")
    static let bundleID = fileNameOption(
        "--bundle-id", "ID", "The app's bundle identifier (names Library/Preferences/<ID>.plist).",
        absence: .required
    ) { $0 }
    static let platform = Option<LegacyLocation.Platform>.choice(
        "--platform", "ios|tvos", "Where the legacy plist lives: Library/ or Library/Caches/ (default: ios).",
        default: .iOS)
    static let common = [container.spec, bundleID.spec, platform.spec]
    /// `rudder migrate`'s write key: it names the destination suite.
    static let writeKey = writeKeyOption(
        "The Swift SDK source's write key (names the destination suite).", absence: .required)
    /// `rudder inspect`'s write key: only decides whether the suite is checked too.
    static let checkedWriteKey = writeKeyOption(
        "Also check the Swift SDK suite <ID>.analytics.<KEY>.plist.", absence: .defaultValue(nil))
    static let json = Flag("--json", "Print the report as JSON.")
    static let removeLegacy = Flag(
        "--remove-legacy", "Remove the legacy plist and legacy keys after the destination verified.")
    static let overwriteDestination = Flag(
        "--overwrite-destination", "Migrate even if the Swift SDK already wrote an anonymous_id.")

    var container: URL
    var bundleID: String
    var writeKey: String?
    var platform: LegacyLocation.Platform
    var json: Bool

    /// Reads the options in the order their mistakes are reported.
    init(_ arguments: ParsedArguments, writeKey: Option<String?>) throws {
        bundleID = try arguments.value(of: Self.bundleID)
        self.writeKey = try arguments.value(of: writeKey)
        platform = try arguments.value(of: Self.platform)
        json = arguments[Self.json]
        let path = try arguments.value(of: Self.container)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw ContainerError(path: path)
        }
        container = URL(fileURLWithPath: path, isDirectory: true)
    }

    /// `--write-key KEY`, with the help and absence of one command.
    private static func writeKeyOption(_ help: String, absence: Option<String?>.Absence) -> Option<String?> {
        fileNameOption("--write-key", "KEY", help, absence: absence) { $0 }
    }

    /// An option whose value becomes part of a file name (bundle ids, write keys): empty values, `.`, `..` and path
    /// separators are usage errors.
    private static func fileNameOption<Value>(
        _ name: String, _ placeholder: String, _ help: String, absence: Option<Value>.Absence,
        _ wrap: @escaping @Sendable (String) -> Value
    ) -> Option<Value> {
        Option(name, placeholder, help, absence: absence) { value in
            guard !value.isEmpty, !value.contains("/"), value != ".", value != ".." else {
                throw UsageError("'\(value)' is not a valid value for '\(name)'.")
            }
            return wrap(value)
        }
    }

    func migrator(migrationOptions: RudderMigrationOptions) -> RudderLegacyMigrator {
        let destination: any KeyValueStore
        if let writeKey {
            destination = PropertyListFileStore(
                url: LegacyLocation.destinationURL(container: container, bundleIdentifier: bundleID, writeKey: writeKey)
            )
        } else {
            destination = InMemoryKeyValueStore(identity: "(not checked: no \(Self.writeKey.spec.name))")
        }
        return RudderLegacyMigrator(
            legacyPlistURL: LegacyLocation.plistURL(
                library: container.appendingPathComponent("Library"), platform: platform),
            legacyStandardDefaults: PropertyListFileStore(
                url: LegacyLocation.standardDefaultsURL(container: container, bundleIdentifier: bundleID)),
            destination: destination, options: migrationOptions)
    }

    func print(_ report: RudderMigrationReport, to console: Console) throws {
        console.output.write(json ? try report.jsonString() + "\n" : report.text)
    }
}

private struct ContainerError: Error, CustomStringConvertible {
    var path: String
    var description: String { "'\(path)' is not a folder (expected an app's data container)." }
}
