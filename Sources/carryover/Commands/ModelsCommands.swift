import Foundation
import RealmFile
import RealmFileModelInput
import RealmModelParser
import RealmSchema
import SwiftDataCodegen

/// `carryover realm models`: SwiftData models generated from Realm models (Swift source or a `.realm` file).
let modelsCommands: [CommandSpec] = [
    CommandSpec(
        path: ["realm", "models"],
        summary: "Generate SwiftData models from Realm models (Swift source and/or a .realm file).",
        overview: """
            Reads Realm Swift model classes (@Persisted or @objc dynamic style) from .swift files and folders, or the
            schema and data of one .realm file, or both (the sources' models, with the file's data deciding whether
            each list is one-to-many or many-to-many), and writes SwiftData code to DIR: Models.swift (@Model classes,
            Codable structs for embedded objects, enums), SchemaV1.swift (VersionedSchema and ModelContainer setup),
            CarriedOverMembers.swift.txt (members Realm does not persist, for review) and the conversion report
            (ConversionReport.md and .json). Problems in the source are printed as file:line diagnostics; everything
            else is still converted. Exit status: 0 converted, 1 converted with errors or nothing to convert,
            64 bad usage.
            """,
        arguments: [
            ArgumentSpec(
                placeholder: "INPUT", help: "Swift files, folders of Swift files, and/or one .realm file.",
                isVariadic: true
            )
        ],
        options: [
            .required("--output", "DIR", "Folder to write the generated files to (created if needed)."),
            .value("--min-ios", "17|18", "Oldest iOS to support: 18 uses #Unique and #Index (default: 17)."),
            .flag("--cloudkit", "Generate CloudKit-compatible models and list each change made for it."),
            .repeated("--rename", "OLD=NEW", "Rename a class (e.g. RealmTrack=Track)."),
            .value("--strip-prefix", "PREFIX", "Remove PREFIX from class names without a --rename."),
            .repeated(
                "--delete-rule", "CLASS.PROPERTY=RULE",
                "Delete rule for a relationship: nullify, cascade, deny, noAction."),
            .flag("--json", "Print the report as JSON on stdout instead of a summary."),
            EncryptionKeyOption.spec,
        ],
        run: runModels
    )
]

private func runModels(_ arguments: ParsedArguments) throws -> ExitStatus {
    let output = URL(fileURLWithPath: try arguments.required("--output"))
    var options = CodegenOptions()
    let minimum = try arguments.choice("--min-ios", in: ["17", "18"], default: "17")
    options.minimumIOS = minimum == "18" ? .iOS18 : .iOS17
    options.cloudKit = arguments.flag("--cloudkit")
    options.stripPrefix = arguments.value("--strip-prefix")
    for rename in arguments.values("--rename") {
        let (old, new) = try pair(rename, option: "--rename", example: "RealmTrack=Track")
        options.renames[old] = new
    }
    for rule in arguments.values("--delete-rule") {
        let (key, value) = try pair(rule, option: "--delete-rule", example: "Album.tracks=cascade")
        guard let deleteRule = DeleteRule(rawValue: value) else {
            throw UsageError(
                "'\(value)' is not a delete rule (expected one of: \(DeleteRule.allCases.map(\.rawValue).joined(separator: ", ")))."
            )
        }
        options.deleteRules[key] = deleteRule
    }

    let inputs = arguments.positionals.map { URL(fileURLWithPath: $0) }
    let realmFiles = inputs.filter { $0.pathExtension == "realm" }
    var problems: [(location: SourceLocation?, message: String)] = []
    var errorCount = 0
    let schema: ModelSchema
    guard realmFiles.count <= 1 else { throw UsageError("Give at most one .realm file.") }
    guard !realmFiles.isEmpty || arguments.value(EncryptionKeyOption.name) == nil else {
        throw UsageError("'\(EncryptionKeyOption.name)' applies only to a .realm file input.")
    }
    let key = try EncryptionKeyOption.key(in: arguments)
    let fileInput = try realmFiles.first.map { try RealmFileModelInput(file: RealmFile(url: $0, encryptionKey: key)) }
    // With sources too, the file only contributes its data: how each list of objects is used.
    if let fileInput { options.listUsage = fileInput.listUsage }
    let sourceInputs = inputs.filter { $0.pathExtension != "realm" }
    if let fileInput, sourceInputs.isEmpty {
        schema = ModelSchema(fileInput.schema)
    } else {
        let sources = try swiftSources(in: sourceInputs)
        guard !sources.isEmpty else { throw UsageError("No .swift files found in the inputs.") }
        let parsed = RealmModelParser.parse(sources)
        for diagnostic in parsed.diagnostics {
            standardError.write("\(diagnostic)\n")
            problems.append((diagnostic.location, "\(diagnostic.severity.rawValue): \(diagnostic.message)"))
            if diagnostic.severity == .error { errorCount += 1 }
        }
        schema = parsed.schema
    }
    guard !schema.objectTypes.isEmpty else {
        standardError.write("Error: no Realm model classes found in the inputs.\n")
        return .failure
    }

    var result = SwiftDataCodegen.generate(schema, options: options)
    result.report.addInputProblems(problems)
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let reportJSON = String(decoding: try encoder.encode(result.report), as: UTF8.self) + "\n"
    var written: [(String, String)] = result.files.map { ($0.name, $0.contents) }
    written.append(("ConversionReport.md", result.report.markdown()))
    written.append(("ConversionReport.json", reportJSON))
    for (name, contents) in written {
        try Data(contents.utf8).write(to: output.appendingPathComponent(name), options: .atomic)
    }
    // A review file left by an earlier run would describe members that no longer exist.
    let review = "CarriedOverMembers.swift.txt"
    if !written.contains(where: { $0.0 == review }) {
        try? FileManager.default.removeItem(at: output.appendingPathComponent(review))
    }

    if arguments.flag("--json") {
        standardOutput.write(reportJSON)
    } else {
        let models = schema.objectTypes.count
        standardOutput.write(
            "Converted \(models) Realm class\(models == 1 ? "" : "es") into \(output.path):\n"
                + written.map { "  \($0.0)\n" }.joined()
                + "\(result.report.needsHuman.count) item(s) need a human: see ConversionReport.md.\n")
    }
    return errorCount > 0 ? .failure : .success
}

/// Splits `A=B`; a usage error names the option and shows an example.
private func pair(_ text: String, option: String, example: String) throws -> (String, String) {
    let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
        throw UsageError("'\(option)' expects NAME=VALUE, e.g. \(example); got '\(text)'.")
    }
    return (parts[0], parts[1])
}

/// The `.swift` files among `inputs` and inside folders (recursively, skipping hidden folders and `.build`),
/// sorted by path within each input.
private func swiftSources(in inputs: [URL]) throws -> [RealmModelParser.SourceFile] {
    var files: [URL] = []
    for input in inputs {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input.path, isDirectory: &isDirectory) else {
            throw UsageError("No such file or folder: '\(input.path)'.")
        }
        guard isDirectory.boolValue else {
            files.append(input)
            continue
        }
        let found = FileManager.default.enumerator(
            at: input, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles, .skipsPackageDescendants])
        var inFolder: [URL] = []
        while let url = found?.nextObject() as? URL {
            if url.lastPathComponent == ".build" { found?.skipDescendants() }
            if url.pathExtension == "swift" { inFolder.append(url) }
        }
        files += inFolder.sorted { $0.path < $1.path }
    }
    return try files.map { url in
        RealmModelParser.SourceFile(path: url.relativePath, text: try String(contentsOf: url, encoding: .utf8))
    }
}
