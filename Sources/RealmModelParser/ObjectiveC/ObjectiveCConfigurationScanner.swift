import ObjectiveCSourceSyntax
import SwiftDataCodegen

/// The Realm configurations Objective-C files build, read into candidates for ``ConfigurationChoice``: settings of a
/// variable declared `RLMRealmConfiguration *name` in the same file, or of the default configuration
/// (`[RLMRealmConfiguration defaultConfiguration]`, `RLMRealmConfiguration.defaultConfiguration`), by property
/// (`config.schemaVersion = 5;`) or setter (`[config setSchemaVersion:5];`), and
/// `[RLMRealmConfiguration setDefaultConfiguration:config]`. A version is a number literal or a constant the files
/// define (`#define kSchemaVersion 5`, `static const uint64_t kSchemaVersion = 5;`); a migration block is never carried
/// over (an Objective-C block is not Swift) and says so.
struct ObjectiveCConfigurationScanner {
    /// A configuration's settings as the tokens give them, before its version is evaluated.
    private struct Group {
        var location: SourceLocation
        var version: (text: String, location: SourceLocation)?
        var block: SourceLocation?
        var deleteRealmIfMigrationNeeded = false
        var isDefault = false
        var settings: [SourceLocation] = []
    }

    private static let defaultGroup = "(default configuration)"

    /// The candidates of `files`, in file order.
    static func candidates(in files: [RealmModelParser.SourceFile]) -> [ConfigurationCandidate] {
        let relevant = files.filter { $0.text.contains("RLMRealmConfiguration") }
        guard !relevant.isEmpty else { return [] }
        let groups = relevant.flatMap { file in
            Self.groups(in: ObjectiveCLexer.tokenize(file.text).tokens, path: file.path)
        }
        // Only the files that may define a version named by a constant are read for constants.
        let names = Set(groups.compactMap { $0.version?.text }.filter { integer($0) == nil })
        let constants =
            names.isEmpty
            ? [:]
            : Self.constants(
                in: files.filter { file in
                    names.contains { file.text.contains($0) }
                })
        return groups.map { candidate($0, constants: constants) }.filter(\.setsSchema)
    }

    private static func candidate(_ group: Group, constants: [String: UInt64]) -> ConfigurationCandidate {
        var candidate = ConfigurationCandidate(location: group.location)
        candidate.isDefault = group.isDefault
        candidate.deleteRealmIfMigrationNeeded = group.deleteRealmIfMigrationNeeded
        candidate.settings = group.settings
        if let (text, location) = group.version {
            if let value = integer(text) ?? constants[text] {
                candidate.version = value
            } else {
                candidate.unreadableVersion =
                    "cannot tell what schemaVersion is (\(location)): '\(text)' is no number or constant the files "
                    + "define"
            }
        }
        if let block = group.block {
            candidate.unreadableBlock = "the migration block at \(block) is an Objective-C block"
        }
        return candidate
    }

    /// The settings of each configuration in one file, in the order each first appears.
    private static func groups(in tokens: [ObjectiveCToken], path: String) -> [Group] {
        let variables = declaredConfigurations(in: tokens)
        var groups: [String: Group] = [:]
        var order: [String] = []
        func update(_ name: String, at index: Int, _ change: (inout Group) -> Void) {
            let location = SourceLocation(file: path, line: tokens[index].line)
            if groups[name] == nil {
                groups[name] = Group(location: location, isDefault: name == defaultGroup)
                order.append(name)
            }
            if var group = groups[name] {
                change(&group)
                group.settings.append(location)
                groups[name] = group
            }
        }
        for index in tokens.indices {
            // `[RLMRealmConfiguration setDefaultConfiguration:config]`
            if tokens[index].isIdentifier("setDefaultConfiguration"), punctuation(tokens, index + 1, ":"),
                tokens.indices.contains(index + 2), variables.contains(tokens[index + 2].text)
            {
                update(tokens[index + 2].text, at: index) { $0.isDefault = true }
                continue
            }
            guard let (setting, receiver, valueStart) = setting(in: tokens, at: index, variables: variables) else {
                continue
            }
            let location = SourceLocation(file: path, line: tokens[index].line)
            let value = tokens.indices.contains(valueStart) ? tokens[valueStart].text : ""
            update(receiver, at: index) { group in
                switch setting {
                case "schemaVersion": group.version = (value, location)
                case "migrationBlock": group.block = location
                default: group.deleteRealmIfMigrationNeeded = ["YES", "true", "1"].contains(value)
                }
            }
        }
        return order.compactMap { groups[$0] }
    }

    /// The setting written at `index` (`receiver.schemaVersion = value` or `[receiver setSchemaVersion:value]`),
    /// its receiver's group and the index of the value's first token.
    private static func setting(in tokens: [ObjectiveCToken], at index: Int, variables: Set<String>)
        -> (setting: String, receiver: String, value: Int)?
    {
        let token = tokens[index]
        guard token.kind == .identifier else { return nil }
        let settings = ["schemaVersion", "migrationBlock", "deleteRealmIfMigrationNeeded"]
        if settings.contains(token.text), punctuation(tokens, index - 1, "."), punctuation(tokens, index + 1, "="),
            let receiver = receiver(endingAt: index - 2, in: tokens, variables: variables)
        {
            return (token.text, receiver, index + 2)
        }
        let setters = [
            "setSchemaVersion": "schemaVersion", "setMigrationBlock": "migrationBlock",
            "setDeleteRealmIfMigrationNeeded": "deleteRealmIfMigrationNeeded",
        ]
        if let setting = setters[token.text], punctuation(tokens, index + 1, ":"),
            let receiver = receiver(endingAt: index - 1, in: tokens, variables: variables)
        {
            return (setting, receiver, index + 2)
        }
        return nil
    }

    /// The group of the receiver ending at `index`: a declared configuration variable, or the default
    /// configuration (`RLMRealmConfiguration.defaultConfiguration`, `[RLMRealmConfiguration defaultConfiguration]`).
    private static func receiver(endingAt index: Int, in tokens: [ObjectiveCToken], variables: Set<String>)
        -> String?
    {
        guard tokens.indices.contains(index) else { return nil }
        if tokens[index].kind == .identifier, variables.contains(tokens[index].text),
            !punctuation(tokens, index - 1, ".")
        {
            return tokens[index].text
        }
        if tokens[index].isIdentifier("defaultConfiguration"), index >= 2,
            tokens[index - 2].isIdentifier("RLMRealmConfiguration")
        {
            return defaultGroup
        }
        if punctuation(tokens, index, "]"), index >= 3, tokens[index - 1].isIdentifier("defaultConfiguration"),
            tokens[index - 2].isIdentifier("RLMRealmConfiguration"), punctuation(tokens, index - 3, "[")
        {
            return defaultGroup
        }
        return nil
    }

    /// Names declared `RLMRealmConfiguration *name` (variables, parameters, properties).
    private static func declaredConfigurations(in tokens: [ObjectiveCToken]) -> Set<String> {
        var names: Set<String> = []
        for index in tokens.indices where tokens[index].isIdentifier("RLMRealmConfiguration") {
            var next = index + 1
            while tokens.indices.contains(next),
                tokens[next].isPunctuation("*")
                    || ["_Nonnull", "_Nullable", "nonnull", "nullable", "const"].contains(tokens[next].text)
            {
                next += 1
            }
            if next > index + 1, tokens.indices.contains(next), tokens[next].kind == .identifier {
                names.insert(tokens[next].text)
            }
        }
        return names
    }

    /// Integer constants the files define: `#define NAME 5` and `static const uint64_t NAME = 5;` (also without
    /// `static`, of any integer type).
    private static func constants(in files: [RealmModelParser.SourceFile]) -> [String: UInt64] {
        var constants: [String: UInt64] = [:]
        for file in files where file.text.contains("#define") || file.text.contains("const") {
            let tokens = ObjectiveCLexer.tokenize(file.text).tokens
            for (index, token) in tokens.enumerated() {
                if token.directiveKeyword == "#define" {
                    let parts = token.directiveArgument.split(whereSeparator: { $0 == " " || $0 == "\t" })
                    let value = parts.count == 2 ? integer(String(parts[1]).trimmingParentheses) : nil
                    if let value { constants[String(parts[0])] = value }
                } else if token.isIdentifier("const"), let (name, value) = constant(after: index, in: tokens) {
                    constants[name] = value
                }
            }
        }
        return constants
    }

    /// `type NAME = value;` after a `const` at `index`.
    private static func constant(after index: Int, in tokens: [ObjectiveCToken]) -> (String, UInt64)? {
        var next = index + 1
        while tokens.indices.contains(next + 2), tokens[next].kind == .identifier, tokens[next + 1].kind == .identifier
        {
            next += 1
        }
        guard tokens.indices.contains(next + 3), tokens[next].kind == .identifier, punctuation(tokens, next + 1, "="),
            punctuation(tokens, next + 3, ";"), let value = integer(tokens[next + 2].text)
        else { return nil }
        return (tokens[next].text, value)
    }

    /// A C integer literal (`5`, `0x2A`, `12ULL`), or `nil`.
    private static func integer(_ text: String) -> UInt64? {
        var digits = Substring(text)
        while let last = digits.last, "uUlL".contains(last) { digits = digits.dropLast() }
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") { return UInt64(digits.dropFirst(2), radix: 16) }
        return UInt64(digits)
    }

    private static func punctuation(_ tokens: [ObjectiveCToken], _ index: Int, _ punctuation: String) -> Bool {
        tokens.indices.contains(index) && tokens[index].isPunctuation(punctuation)
    }
}

extension String {
    /// The text without one pair of enclosing parentheses (`(5)` → `5`).
    fileprivate var trimmingParentheses: String {
        hasPrefix("(") && hasSuffix(")") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
