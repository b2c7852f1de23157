import SwiftDataCodegen

/// `--rename OLD=NEW` and `--strip-prefix PREFIX`: how generated models are named, shared by `realm models` and
/// `realm audit` (whose converted code must name the models as `realm models` generates them).
enum ModelNamingOptions {
    static let rename = RepeatedOption("--rename", "OLD=NEW", "Rename a class (e.g. RealmTrack=Track).") {
        try NamedValue.pair($0, option: $1, example: "RealmTrack=Track")
    }
    static let stripPrefix = Option<String?>.optional(
        "--strip-prefix", "PREFIX", "Remove PREFIX from class names without a --rename.")

    /// Both options' specs, for a command's option list.
    static var specs: [OptionSpec] { [rename.spec, stripPrefix.spec] }

    /// Sets the renames and the prefix to strip from the parsed arguments.
    static func apply(_ arguments: ParsedArguments, to options: inout CodegenOptions) throws {
        options.stripPrefix = try arguments.value(of: stripPrefix)
        for rename in try arguments.values(of: rename) { options.renames[rename.name] = rename.value }
    }
}

/// One `NAME=VALUE` occurrence of a repeated option.
struct NamedValue<Value: Sendable>: Sendable {
    var name: String
    var value: Value
}

extension NamedValue<String> {
    /// Splits `A=B`; a usage error names the option and shows an example.
    static func pair(_ text: String, option: String, example: String) throws -> NamedValue<String> {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw UsageError("'\(option)' expects NAME=VALUE, e.g. \(example); got '\(text)'.")
        }
        return NamedValue(name: parts[0], value: parts[1])
    }
}
