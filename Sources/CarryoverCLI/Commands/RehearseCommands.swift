// `realm rehearse` builds programs against the SwiftData runtime, which only exists on Linux for now.
#if canImport(RealmRehearsal)
    import Foundation
    import MigrationEngine
    import RealmFile
    import RealmRehearsal
    import RealmRehearsalDriver
    import RealmToSwiftData
    import SwiftDataToolchain

    /// `carryover realm rehearse …`: the app's whole in-app Realm → SwiftData migration, run here on a real user's
    /// file (`RealmRehearsal`).
    let rehearseCommands: [CommandSpec] = [
        CommandSpec(
            path: ["realm", "rehearse"],
            summary: "Run the in-app Realm → SwiftData migration on a .realm file, as the app will, and verify it.",
            overview: """
                Generates the SwiftData models and importer from FILE.realm, or from the app's Realm model sources \
                (--sources DIR: its models and Realm configuration, so a file at an older schema version is upgraded \
                with the app's own migration block), or takes the app's generated ones from --models DIR; \
                builds them with the Swift toolchain into a program together with Carryover's SwiftData destination \
                (against Carryover's runtime of the SwiftData API, on Linux for now; the program is cached by the \
                content of its sources), and runs the complete migration into a fresh store, or into --store PATH, \
                continuing an interrupted one. Prints the outcome and the verification report. Exit status: 0 when \
                verification passed, 1 otherwise, 64 on bad usage.
                """,
            arguments: [
                ArgumentSpec(placeholder: "FILE.realm", help: "The Realm file to migrate (opened read-only).")
            ],
            options: [
                RehearseOptions.models.spec, RehearseOptions.sources.spec, MinimumIOSOption.option.spec,
                RehearseOptions.store.spec,
                RehearseOptions.batchSize.spec, EncryptionKeyOption.option.spec, RehearseOptions.dump.spec,
                RehearseOptions.json.spec,
            ],
            run: runRehearse
        )
    ]

    /// The options of `realm rehearse`, each declared once.
    private enum RehearseOptions {
        static let models = Option<String?>.optional(
            "--models", "DIR", "The app's generated models and importer (default: generate them from FILE.realm).")
        static let sources = Option<String?>.optional(
            "--sources", "DIR",
            "The app's Realm models and configuration (schemaVersion, migrationBlock) to generate the models from.")
        static let store = Option<String?>.optional(
            "--store", "PATH", "The SwiftData store to write or continue (default: a fresh one in a temporary folder).")
        static let batchSize = Option<Int>.positiveInteger(
            "--batch-size", "N",
            "Objects per batch and save() (default: \(RealmToSwiftDataMigration.defaultBatchSize)).",
            default: RealmToSwiftDataMigration.defaultBatchSize)
        static let dump = Option<String?>.optional(
            "--dump", "DIR", "Write <Class>.jsonl per class: the objects as fetched back through SwiftData.")
        static let json = Flag("--json", "Print the rehearsal's result as JSON.")
    }

    private func runRehearse(_ arguments: ParsedArguments, _ console: Console) async throws -> ExitStatus {
        let json = arguments[RehearseOptions.json]
        if !json {
            console.error.write(
                "Building the rehearsal program (and, on the first run, the SwiftData runtime; cached)…\n")
        }
        var rehearsal = RealmRehearsal(
            realmFile: URL(fileURLWithPath: arguments.positionals[0]), builder: try SwiftProgramBuilder())
        rehearsal.modelsDirectory = try arguments.value(of: RehearseOptions.models).map { URL(fileURLWithPath: $0) }
        rehearsal.appSources = try arguments.value(of: RehearseOptions.sources).map { [URL(fileURLWithPath: $0)] }
        rehearsal.minimumIOS = try arguments.value(of: MinimumIOSOption.option)
        rehearsal.store = try arguments.value(of: RehearseOptions.store).map { URL(fileURLWithPath: $0) }
        rehearsal.batchSize = try arguments.value(of: RehearseOptions.batchSize)
        rehearsal.encryptionKey = try arguments.value(of: EncryptionKeyOption.option)
        rehearsal.dumpDirectory = try arguments.value(of: RehearseOptions.dump).map { URL(fileURLWithPath: $0) }
        let display = RehearsalProgressDisplay(stream: console.error, enabled: !json)
        let report = try await rehearsal.run { display.show($0) }
        display.finish()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            console.output.write(String(decoding: try encoder.encode(report), as: UTF8.self) + "\n")
        } else {
            let file = try? RealmFileReader(url: rehearsal.realmFile, encryptionKey: rehearsal.encryptionKey)
            if let file {
                console.output.write(
                    StoreEstimateText.line(StoreEstimateText.estimate(of: file, batchSize: rehearsal.batchSize)))
            }
            console.output.write(RehearseReportText.text(report))
        }
        return report.result.succeeded ? .success : .failure
    }
#endif
