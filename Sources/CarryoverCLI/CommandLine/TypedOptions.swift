/// A switch such as `--json`, declared once: commands list its ``spec`` and read it back with
/// ``ParsedArguments/subscript(_:)-(Flag)``.
struct Flag: Sendable {
    let spec: OptionSpec

    init(_ name: String, _ help: String) { spec = OptionSpec(name: name, kind: .flag, help: help) }
}

/// An option with one value, declared once with how its text becomes a `Value` and what it is when absent.
///
/// A required option has no default; an optional one has a `Value` that is itself optional (default `nil`) or a
/// default of its own. Choices parse into typed enums; a value outside them is a usage error listing the valid ones.
struct Option<Value: Sendable>: Sendable {
    enum Absence: Sendable {
        /// The command refuses to run without the option.
        case required
        /// The value when the option is not given.
        case defaultValue(Value)
    }

    let spec: OptionSpec
    let absence: Absence
    /// Turns the option's text into its value; throws `UsageError` naming the option.
    let parse: @Sendable (String) throws -> Value

    init(
        _ name: String, _ placeholder: String, _ help: String, absence: Absence,
        parse: @escaping @Sendable (String) throws -> Value
    ) {
        var spec = OptionSpec(name: name, kind: .value(placeholder: placeholder), help: help)
        if case .required = absence { spec.isRequired = true }
        self.spec = spec
        self.absence = absence
        self.parse = parse
    }
}

extension Option where Value == String {
    /// A text option the command cannot run without.
    static func required(_ name: String, _ placeholder: String, _ help: String) -> Self {
        Self(name, placeholder, help, absence: .required) { $0 }
    }
}

extension Option where Value == String? {
    /// A text option that is `nil` when not given.
    static func optional(_ name: String, _ placeholder: String, _ help: String) -> Self {
        Self(name, placeholder, help, absence: .defaultValue(nil)) { $0 }
    }
}

extension Option where Value == Int {
    /// A positive integer with a default.
    static func positiveInteger(_ name: String, _ placeholder: String, _ help: String, default defaultValue: Int)
        -> Self
    {
        Self(name, placeholder, help, absence: .defaultValue(defaultValue)) { text in
            guard let number = Int(text), number > 0 else {
                throw UsageError("'\(text)' is not a valid value for '\(name)' (expected a positive integer).")
            }
            return number
        }
    }
}

extension Option {
    /// One of `choices` (spelling → value, in the order the error lists them), with a default.
    static func choice(
        _ name: String, _ placeholder: String, _ help: String, _ choices: [(spelling: String, value: Value)],
        default defaultValue: Value
    ) -> Self {
        Self(name, placeholder, help, absence: .defaultValue(defaultValue)) { text in
            guard let choice = choices.first(where: { $0.spelling == text }) else {
                throw UsageError(
                    "'\(text)' is not a valid value for '\(name)' (expected one of: \(choices.map(\.spelling).joined(separator: ", ")))."
                )
            }
            return choice.value
        }
    }

    /// One of an enum's cases, spelled by their raw values, with a default.
    static func choice(_ name: String, _ placeholder: String, _ help: String, default defaultValue: Value) -> Self
    where Value: CaseIterable & RawRepresentable<String> {
        choice(name, placeholder, help, Value.allCases.map { ($0.rawValue, $0) }, default: defaultValue)
    }
}

/// An option that may be given several times, each value parsed on its own.
struct RepeatedOption<Value: Sendable>: Sendable {
    let spec: OptionSpec
    private let parse: @Sendable (_ text: String, _ name: String) throws -> Value

    /// Declares the option; `parse` gets each occurrence's text and the option's name (for its usage errors).
    init(
        _ name: String, _ placeholder: String, _ help: String,
        parse: @escaping @Sendable (_ text: String, _ name: String) throws -> Value
    ) {
        spec = OptionSpec(name: name, kind: .repeated(placeholder: placeholder), help: help)
        self.parse = parse
    }

    /// Parses one occurrence; throws `UsageError` naming the option.
    func value(_ text: String) throws -> Value { try parse(text, spec.name) }
}
