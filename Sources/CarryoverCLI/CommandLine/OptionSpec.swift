/// How one option a command accepts is shown and parsed: its name, what it takes, its help.
///
/// Commands declare options as typed values (``Flag``, ``Option``, ``RepeatedOption``), each holding its spec.
struct OptionSpec: Sendable {
    enum Kind: Sendable {
        /// A switch such as `--json`.
        case flag
        /// An option with one value, such as `--output PATH`.
        case value(placeholder: String)
        /// An option that may be given several times, such as `--rename A=B`.
        case repeated(placeholder: String)
    }

    var name: String
    var kind: Kind
    var help: String
    /// Whether the command refuses to run without it (shown without brackets in the usage line).
    var isRequired = false

    /// Whether a value follows the option's name (as the next word or after `=`).
    var takesValue: Bool {
        if case .flag = kind { return false }
        return true
    }

    var usageFragment: String {
        switch kind {
        case .flag: "[\(name)]"
        case .value(let placeholder): isRequired ? "\(name) \(placeholder)" : "[\(name) \(placeholder)]"
        case .repeated(let placeholder): "[\(name) \(placeholder)]..."
        }
    }

    var helpLabel: String {
        switch kind {
        case .flag: name
        case .value(let placeholder), .repeated(let placeholder): "\(name) \(placeholder)"
        }
    }
}

/// One positional argument a command accepts.
struct ArgumentSpec: Sendable {
    var placeholder: String
    var help: String
    /// Whether the argument may be given more than once (`INPUT...`).
    var isVariadic = false
}
