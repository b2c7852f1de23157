import Foundation
import RealmExport
import RealmFile

/// `carryover realm …`: read a `.realm` file without the Realm SDK.
let realmCommands: [CommandSpec] = [
    CommandSpec(
        path: ["realm", "inspect"],
        summary: "Show a Realm file's format, schema version, classes, object counts and properties.",
        overview: """
            Reads FILE (formats 2–9, written by Realm Cocoa/Swift 4.x and older, 10 and 11, written by Realm \
            Swift/Cocoa 5.x, and 20–24, written by Realm Swift 10.0 through 20.x) without modifying it and prints its file format, schema version and every class with its \
            object count and properties. With --json the same facts are printed as one JSON document.
            """,
        arguments: [ArgumentSpec(placeholder: "FILE", help: "The .realm file to read.")],
        options: [RealmOptions.inspectJSON.spec, EncryptionKeyOption.option.spec],
        run: { arguments, console in
            let file = try RealmOptions.open(arguments)
            let report = RealmInspection(file)
            console.output.write(arguments[RealmOptions.inspectJSON] ? try report.jsonText() : report.text)
            return .success
        }
    ),
    CommandSpec(
        path: ["realm", "export"],
        summary: "Export every object of a Realm file as JSON, Extended JSON or JSON Lines.",
        overview: """
            Streams the objects of FILE to standard output (or --output PATH).

              json         the document the Realm engine's own `realm2json --output-mode 0` prints
              xjson        the same with MongoDB Extended JSON values (`realm2json --output-mode 1`)
              xjson-plus   XJSON plus $set/$dictionary/$link/$embedded wrappers (`realm2json --output-mode 2`)
              jsonl        one strictly valid JSON object per line: {"class":…,"key":…,"values":{…}}, values in
                           canonical MongoDB Extended JSON v2 (lossless; dates with sub-millisecond precision
                           carry "$nanoseconds" beside "$date")

            The three compatibility modes reproduce realm2json byte for byte in meaning, quirks included: NaN and \
            infinities are written as the bare tokens nan, inf and -inf, control characters in strings other than \
            \\b \\f \\n \\r \\t are written as raw bytes, and dictionary keys outside the engine's character \
            whitelist are written as B64"…". Such output is not strictly valid JSON; use jsonl when a strict parser \
            reads it. Older files are shown as the current engine (realm-core 20) sees them after upgrading.
            """,
        arguments: [ArgumentSpec(placeholder: "FILE", help: "The .realm file to read.")],
        options: [
            RealmOptions.format.spec, RealmOptions.className.spec, RealmOptions.output.spec,
            EncryptionKeyOption.option.spec,
        ],
        run: { arguments, console in
            let format = try arguments.value(of: RealmOptions.format)
            let className = try arguments.value(of: RealmOptions.className)
            let url = URL(fileURLWithPath: arguments.positionals[0])
            let file = try RealmOptions.open(arguments)
            try ExportOutput.write(to: try arguments.value(of: RealmOptions.output), console: console) { output in
                let progress = ExportProgress(file: file, url: url, className: className, stream: console.error)
                defer { progress.finish() }
                switch format {
                case .json, .xjson, .xjsonPlus:
                    let mode: EngineJSONExporter.Mode =
                        format == .json ? .json : format == .xjson ? .xjson : .xjsonPlus
                    try EngineJSONExporter(source: file, mode: mode, output: output)
                        .writeDocument(className: className, progress: progress.update)
                case .jsonLines:
                    try JSONLinesExporter(source: file, output: output)
                        .writeLines(className: className, progress: progress.update)
                }
            }
            return .success
        }
    ),
    CommandSpec(
        path: ["realm", "schema"],
        summary: "Print a Realm file's stored schema as the engine's `realm2json --schema` does.",
        overview: """
            Prints every table of FILE (internal and embedded tables included, names as stored) with its primary \
            key, table type and columns: the document `realm2json --schema` prints.
            """,
        arguments: [ArgumentSpec(placeholder: "FILE", help: "The .realm file to read.")],
        options: [EncryptionKeyOption.option.spec],
        run: { arguments, console in
            let file = try RealmOptions.open(arguments)
            try ExportOutput.write(to: nil, console: console) { try SchemaJSONExporter.write(file, to: $0) }
            return .success
        }
    ),
    CommandSpec(
        path: ["realm", "digest"],
        summary: "Print a content fingerprint of a Realm file (counts, sums and SHA-256 per property).",
        overview: """
            Visits every object of every class in primary-key order and prints, per property, the number of nulls \
            and sums and SHA-256 hashes of the values (the definition of the fixtures' large.v24.digest.json). Two \
            files with equal digests hold the same data, however their bytes are laid out.
            """,
        arguments: [ArgumentSpec(placeholder: "FILE", help: "The .realm file to read.")],
        options: [EncryptionKeyOption.option.spec],
        run: { arguments, console in
            let file = try RealmOptions.open(arguments)
            console.output.write(try RealmDigest.jsonText(file))
            return .success
        }
    ),
]

/// The options of the `realm` read commands, each declared once.
private enum RealmOptions {
    static let inspectJSON = Flag("--json", "Print a JSON document instead of text.")
    static let format = Option<ExportFormat>.choice(
        "--format", "FORMAT", "json (default), xjson, xjson-plus or jsonl.", default: .json)
    static let className = Option<String?>.optional(
        "--class", "NAME", "Export only this class (with or without its class_ prefix).")
    static let output = Option<String?>.optional("--output", "PATH", "Write to PATH instead of standard output.")

    /// Opens the command's FILE, decrypting it with `--encryption-key` when given.
    static func open(_ arguments: ParsedArguments) throws -> RealmFileReader {
        try RealmFileReader(
            url: URL(fileURLWithPath: arguments.positionals[0]),
            encryptionKey: try arguments.value(of: EncryptionKeyOption.option))
    }
}
