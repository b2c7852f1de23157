/// The arguments of one command line, checked against a `CommandSpec`.
struct ParsedArguments {
    /// Positional arguments, in order.
    private(set) var positionals: [String] = []
    private var flags: Set<String> = []
    private var values: [String: [String]] = [:]

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

    /// Whether the switch `name` was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of option `name`, if it was given.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of the repeatable option `name`, in order.
    func values(_ name: String) -> [String] { values[name] ?? [] }

    /// The value of option `name`; a usage error when it is missing.
    func required(_ name: String) throws -> String {
        guard let value = value(name) else { throw UsageError("Missing expected option '\(name)'.") }
        return value
    }

    /// The value of option `name` as one of `choices`, or `defaultValue` when not given.
    func choice(_ name: String, in choices: [String], default defaultValue: String) throws -> String {
        guard let value = value(name) else { return defaultValue }
        guard choices.contains(value) else {
            throw UsageError(
                "'\(value)' is not a valid value for '\(name)' (expected one of: \(choices.joined(separator: ", "))).")
        }
        return value
    }

    /// The value of option `name` as a positive integer, or `defaultValue` when not given.
    func positiveInteger(_ name: String, default defaultValue: Int) throws -> Int {
        guard let text = value(name) else { return defaultValue }
        guard let number = Int(text), number > 0 else {
            throw UsageError("'\(text)' is not a valid value for '\(name)' (expected a positive integer).")
        }
        return number
    }
}
