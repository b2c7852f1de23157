import Foundation
import RealmSchema
import SwiftDataCodegen
import SwiftDataConversion

/// `carryover realm models`: SwiftData models generated from Realm models (Swift source or a `.realm` file), by
/// `ModelConversion`.
let modelsCommands: [CommandSpec] = [
    CommandSpec(
        path: ["realm", "models"],
        summary: "Generate SwiftData models from Realm models (Swift source and/or a .realm file).",
        overview: """
            Reads Realm model classes, Swift (@Persisted or @objc dynamic style) and Objective-C (RLMObject
            subclasses in .h, .m and .mm files), from source files and folders (a whole app folder: Pods, Carthage,
            DerivedData and .build are skipped, types resolve across files and both languages), or the
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
                placeholder: "INPUT",
                help: "Source files (.swift, .h, .m, .mm), folders of them, and/or one .realm file.",
                isVariadic: true
            )
        ],
        options: [
            ModelsOptions.output.spec, ModelsOptions.realmFile.spec, MinimumIOSOption.option.spec,
            ModelsOptions.cloudKit.spec,
            ModelNamingOptions.rename.spec, ModelNamingOptions.stripPrefix.spec, ModelsOptions.deleteRule.spec,
            ExcludeOption.option.spec, ModelsOptions.json.spec, EncryptionKeyOption.option.spec,
        ],
        run: runModels
    )
]

/// `--min-ios`, shared by `realm models` and `realm rehearse`.
enum MinimumIOSOption {
    static let option = Option<CodegenOptions.MinimumIOS>.choice(
        "--min-ios", "17|18", "Oldest iOS to support: 18 uses #Unique and #Index (default: 17).",
        CodegenOptions.MinimumIOS.allCases.map { (String($0.rawValue), $0) }, default: .iOS17)
}

/// The options of `realm models`, each declared once.
private enum ModelsOptions {
    static let output = Option<String>.required(
        "--output", "DIR", "Folder to write the generated files to (created if needed).")
    static let realmFile = Option<String?>.optional(
        "--realm-file", "FILE.realm",
        "A .realm file copied from a device: types the sources leave open come from its schema, and every class and "
            + "property where the two differ is reported (an error for a stored column the models would not hold).")
    static let cloudKit = Flag("--cloudkit", "Generate CloudKit-compatible models and list each change made for it.")
    static let deleteRule = RepeatedOption(
        "--delete-rule", "CLASS.PROPERTY=RULE", "Delete rule for a relationship: nullify, cascade, deny, noAction."
    ) { text, name in
        let assignment = try NamedValue.pair(text, option: name, example: "Album.tracks=cascade")
        guard let rule = DeleteRule(rawValue: assignment.value) else {
            throw UsageError(
                "'\(assignment.value)' is not a delete rule (expected one of: \(DeleteRule.allCases.map(\.rawValue).joined(separator: ", ")))."
            )
        }
        return NamedValue(name: assignment.name, value: rule)
    }
    static let json = Flag("--json", "Print the report as JSON on stdout instead of a summary.")
}

private func runModels(_ arguments: ParsedArguments, _ console: Console) async throws -> ExitStatus {
    let output = URL(fileURLWithPath: try arguments.value(of: ModelsOptions.output))
    var options = CodegenOptions()
    options.minimumIOS = try arguments.value(of: MinimumIOSOption.option)
    options.cloudKit = arguments[ModelsOptions.cloudKit]
    try ModelNamingOptions.apply(arguments, to: &options)
    for rule in try arguments.values(of: ModelsOptions.deleteRule) { options.deleteRules[rule.name] = rule.value }
    let realmFile = try arguments.value(of: ModelsOptions.realmFile).map { URL(fileURLWithPath: $0) }
    if let realmFile, realmFile.pathExtension != "realm" {
        throw UsageError("'\(ModelsOptions.realmFile.spec.name)' takes a .realm file, not '\(realmFile.path)'.")
    }
    let conversion = ModelConversion(
        inputs: arguments.positionals.map { URL(fileURLWithPath: $0) } + (realmFile.map { [$0] } ?? []),
        options: options,
        encryptionKey: try arguments.value(of: EncryptionKeyOption.option),
        excludes: try arguments.values(of: ExcludeOption.option))

    let result: ModelConversionResult
    do {
        result = try conversion.run()
    } catch let error as ModelConversionError {
        switch error {
        case .severalRealmFiles, .noSuchInput, .noSwiftSources:
            throw UsageError(error.description)
        case .encryptionKeyWithoutRealmFile:
            throw UsageError("'\(EncryptionKeyOption.option.spec.name)' applies only to a .realm file input.")
        case .noModelClasses(let diagnostics):
            for diagnostic in diagnostics { console.error.write("\(diagnostic)\n") }
            console.error.write("Error: \(error.description)\n")
            return .failure
        }
    }
    for diagnostic in result.diagnostics { console.error.write("\(diagnostic)\n") }
    try result.write(to: output)
    if arguments[ModelsOptions.json] {
        console.output.write(result.reportJSON)
    } else {
        let models = result.classCount
        console.output.write(
            "Converted \(models) Realm class\(models == 1 ? "" : "es") into \(output.path):\n"
                + result.files.map { "  \($0.name)\n" }.joined()
                + "\(result.report.needsHuman.count) item(s) need a human: see ConversionReport.md.\n")
    }
    return result.hasErrors ? .failure : .success
}
