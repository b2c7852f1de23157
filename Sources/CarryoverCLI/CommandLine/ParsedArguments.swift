/// The arguments of one command line, checked against a `CommandSpec`, read back through the command's typed
/// option declarations.
struct ParsedArguments {
    /// Positional arguments, in order.
    private(set) var positionals: [String] = []
    private var flags: Set<String> = []
    private var values: [String: [String]] = [:]

    /// Whether `words` (the words after the command path) ask for help: `-h` or `--help` where an option may stand.
    /// Not after `--`, and not as the value of an option that takes one (`--class --help` names a class).
    static func asksForHelp(_ words: [String], for spec: CommandSpec) -> Bool {
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if word == "--" { return false }
            if word == "-h" || word == "--help" { return true }
            if word.hasPrefix("--"), !word.contains("="),
                spec.options.first(where: { $0.name == word })?.takesValue == true
            {
                index += 1
            }
        }
        return false
    }

    /// Parses `words` (the words after the command path) against `spec`.
    /// Throws `UsageError` for unknown options, missing values and wrong positional counts.
    init(parsing words: [String], for spec: CommandSpec) throws {
        var index = 0
        var onlyPositionalsFollow = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionalsFollow || !word.hasPrefix("-") || word == "-" {
                positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionalsFollow = true
                continue
            }
            var name = word
            var inlineValue: String?
            if let equals = word.firstIndex(of: "="), word.hasPrefix("--") {
                name = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                throw UsageError("Unknown option '\(name)'.")
            }
            switch option.kind {
            case .flag:
                guard inlineValue == nil else { throw UsageError("'\(name)' takes no value.") }
                flags.insert(name)
            case .value, .repeated:
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < words.count else { throw UsageError("Missing value for '\(name)'.") }
                    value = words[index]
                    index += 1
                }
                if case .value = option.kind, values[name] != nil {
                    throw UsageError("'\(name)' was given more than once.")
                }
                values[name, default: []].append(value)
            }
        }
        let required = spec.arguments.count
        let variadic = spec.arguments.last?.isVariadic ?? false
        if positionals.count < required {
            let missing = spec.arguments[positionals.count].placeholder
            throw UsageError("Missing expected argument '\(missing)'.")
        }
        if !variadic && positionals.count > required {
            throw UsageError("Unexpected argument '\(positionals[required])'.")
        }
    }

    /// Whether the switch was given.
    subscript(_ flag: Flag) -> Bool { flags.contains(flag.spec.name) }

    /// Whether an option was given at all (whatever its value).
    func isGiven<Value>(_ option: Option<Value>) -> Bool { values[option.spec.name] != nil }

    /// The option's value, or its default when not given.
    /// - Throws: `UsageError` when the value does not parse, or a required option is missing.
    func value<Value>(of option: Option<Value>) throws -> Value {
        if let text = values[option.spec.name]?.last { return try option.parse(text) }
        switch option.absence {
        case .defaultValue(let value): return value
        case .required: throw UsageError("Missing expected option '\(option.spec.name)'.")
        }
    }

    /// Every value of the repeatable option, in order.
    /// - Throws: `UsageError` when a value does not parse.
    func values<Value>(of option: RepeatedOption<Value>) throws -> [Value] {
        try (values[option.spec.name] ?? []).map(option.value)
    }
}
