import Foundation
import RealmExport
import RealmFile
import RealmSchema

/// `carryover realm …`: read a `.realm` file without the Realm SDK.
let realmCommands: [CommandSpec] = [
    CommandSpec(
        path: ["realm", "inspect"],
        summary: "Show a Realm file's format, schema version, classes, object counts and properties.",
        overview: """
            Reads FILE (formats 20–24, written by Realm Swift 10.0 through 20.x) without modifying it and prints its \
            file format, schema version and every class with its object count and properties. With --json the same \
            facts are printed as one JSON document.
            """,
        arguments: [ArgumentSpec(placeholder: "FILE", help: "The .realm file to read.")],
        options: [.flag("--json", "Print a JSON document instead of text."), EncryptionKeyOption.spec],
        run: { arguments in
            let file = try openRealm(arguments.positionals[0], arguments)
            let report = RealmInspection(file)
            standardOutput.write(arguments.flag("--json") ? try report.jsonText() : report.text)
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
            .value("--format", "FORMAT", "json (default), xjson, xjson-plus or jsonl."),
            .value("--class", "NAME", "Export only this class (with or without its class_ prefix)."),
            .value("--output", "PATH", "Write to PATH instead of standard output."),
            EncryptionKeyOption.spec,
        ],
        run: { arguments in
            let format = try arguments.choice(
                "--format", in: ExportFormat.allCases.map(\.rawValue), default: ExportFormat.json.rawValue)
            let url = URL(fileURLWithPath: arguments.positionals[0])
            let file = try openRealm(arguments.positionals[0], arguments)
            try withOutput(path: arguments.value("--output")) { output in
                let progress = ExportProgress(file: file, url: url, className: arguments.value("--class"))
                defer { progress.finish() }
                switch ExportFormat(rawValue: format) ?? .json {
                case .json, .xjson, .xjsonPlus:
                    let mode: EngineJSONExporter.Mode =
                        format == "json" ? .json : format == "xjson" ? .xjson : .xjsonPlus
                    try EngineJSONExporter(source: file, mode: mode, output: output)
                        .writeDocument(className: arguments.value("--class"), progress: progress.update)
                case .jsonLines:
                    try JSONLinesExporter(source: file, output: output)
                        .writeLines(className: arguments.value("--class"), progress: progress.update)
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
        options: [EncryptionKeyOption.spec],
        run: { arguments in
            let file = try openRealm(arguments.positionals[0], arguments)
            try withOutput(path: nil) { try SchemaJSONExporter.write(file, to: $0) }
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
        options: [EncryptionKeyOption.spec],
        run: { arguments in
            let file = try openRealm(arguments.positionals[0], arguments)
            standardOutput.write(try RealmDigest.jsonText(file))
            return .success
        }
    ),
]

/// Opens the Realm file at `path`, decrypting it with `--encryption-key` when given.
private func openRealm(_ path: String, _ arguments: ParsedArguments) throws -> RealmFile {
    try RealmFile(url: URL(fileURLWithPath: path), encryptionKey: try EncryptionKeyOption.key(in: arguments))
}

/// Runs `body` with an output buffer writing to `path` (created or truncated), or to standard output.
private func withOutput(path: String?, _ body: (OutputBuffer) throws -> Void) throws {
    let handle: FileHandle
    if let path {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw ExportError.writeFailed("cannot create '\(path)'")
        }
        guard let opened = FileHandle(forWritingAtPath: path) else {
            throw ExportError.writeFailed("cannot open '\(path)' for writing")
        }
        handle = opened
    } else {
        handle = FileHandle.standardOutput
    }
    defer { if path != nil { try? handle.close() } }
    try body(OutputBuffer(destination: FileHandleDestination(handle), capacity: 1 << 18))
}

/// The export's progress bar: objects written of the objects selected, for files over 4 MB on a terminal.
private final class ExportProgress {
    private let bar: ProgressBar?

    init(file: RealmFile, url: URL, className: String?) {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        let total = file.tables
            .filter { $0.kind != .embedded && (className == nil || $0.name == className || $0.className == className) }
            .reduce(0) { $0 + $1.objectCount }
        bar = size > 4 << 20 ? ProgressBar(label: "Exporting", total: Int64(total)) : nil
    }

    func update(_ done: Int) { bar?.update(done: Int64(done), detail: "\(done) objects") }

    func finish() { bar?.finish() }
}
