import SwiftDataCodegen
import SwiftSourceSyntax

/// Finds where one file builds or changes a Realm configuration, from its tokens: `Realm.Configuration(…)` calls
/// (`schemaVersion:`, `migrationBlock:` or a trailing closure, `deleteRealmIfMigrationNeeded:`), assignments to a
/// configuration's `schemaVersion`, `migrationBlock` and `deleteRealmIfMigrationNeeded`, and
/// `Realm.Configuration.defaultConfiguration = …`. Sites of one variable (`var config = Realm.Configuration()`, then
/// `config.schemaVersion = 3`) form one group; a local constant a setting names (`let version: UInt64 = 12`,
/// `let block: MigrationBlock = { … }`) is replaced by its initializer.
struct ConfigurationScanner {
    let path: String
    let run: TokenRun
    /// Variables the file declares as configurations: name → (token of `var`/`let`, its scope brace).
    private var declarations: [String: [(token: Int, scope: Int)]] = [:]
    /// The token ranges of `extension Realm { … }` bodies, where `Configuration` names `Realm.Configuration`.
    private var realmExtensions: [ClosedRange<Int>] = []

    /// The labels of `Realm.Configuration.init` in order, for matching a trailing closure (the first parameter of
    /// function type after the last argument written).
    private static let initializerLabels = [
        "fileURL", "inMemoryIdentifier", "syncConfiguration", "encryptionKey", "readOnly", "schemaVersion",
        "migrationBlock", "deleteRealmIfMigrationNeeded", "shouldCompactOnLaunch", "objectTypes", "seedFilePath",
    ]
    private static let settings: Set<String> = ["schemaVersion", "migrationBlock", "deleteRealmIfMigrationNeeded"]

    /// Whether `text` may build a configuration at all (a cheap test before lexing it for this).
    static func mayConfigure(_ text: String) -> Bool {
        text.contains("schemaVersion") || text.contains("migrationBlock")
            || text.contains("deleteRealmIfMigrationNeeded") || text.contains("defaultConfiguration")
    }

    init(path: String, tokens: [Token]) {
        self.path = path
        run = TokenRun(tokens)
        declarations = findDeclarations()
        realmExtensions = findRealmExtensions()
    }

    /// Every site of the file, in token order.
    func scan() -> [ConfigurationSite] {
        var sites: [ConfigurationSite] = []
        for index in run.tokens.indices {
            let token = run.tokens[index]
            guard token.kind == .identifier else { continue }
            if let open = callParenthesis(ofConfigurationAt: index), let site = callSite(typeEnd: index, open: open) {
                sites.append(site)
            } else if Self.settings.contains(token.text), run.isPunctuation(index - 1, "."),
                run.isOperator(index + 1, "=")
            {
                if let site = assignmentSite(at: index) { sites.append(site) }
            } else if token.text == "defaultConfiguration", run.isOperator(index + 1, "="),
                isRealmConfiguration(endingAt: index - 2)
            {
                if let site = defaultAssignment(at: index) { sites.append(site) }
            }
        }
        return sites
    }

    // MARK: Calls

    /// The `(` of `Realm.Configuration(` or `Realm.Configuration.init(` ending at `index` (the `Configuration`
    /// token; a bare `Configuration` inside `extension Realm`), or of `.init(` where a declaration is typed
    /// `Realm.Configuration`.
    private func callParenthesis(ofConfigurationAt index: Int) -> Int? {
        let token = run.tokens[index]
        if token.text == "Configuration", isRealmConfiguration(endingAt: index) || isBareInRealmExtension(index) {
            if run.isPunctuation(index + 1, "(") { return index + 1 }
            if run.isPunctuation(index + 1, "."), run.isIdentifier(index + 2, "init"), run.isPunctuation(index + 3, "(")
            {
                return index + 3
            }
            return nil
        }
        // `let config: Realm.Configuration = .init(schemaVersion: 2)`
        if token.text == "init", run.isPunctuation(index - 1, "."), run.isOperator(index - 2, "="),
            isRealmConfiguration(endingAt: index - 3), run.isPunctuation(index + 1, "(")
        {
            return index + 1
        }
        return nil
    }

    /// Whether `index` is a `Configuration` not after a `.`, inside an `extension Realm` body (Swift resolves it to
    /// `Realm.Configuration` there: `extension Realm { static func config() -> Configuration { Configuration(…) } }`).
    private func isBareInRealmExtension(_ index: Int) -> Bool {
        !run.isPunctuation(index - 1, ".") && realmExtensions.contains { $0.contains(index) }
    }

    /// The bodies of `extension Realm` and `extension RealmSwift.Realm` (with any conformances or `where` clause).
    private func findRealmExtensions() -> [ClosedRange<Int>] {
        var bodies: [ClosedRange<Int>] = []
        for index in run.tokens.indices where run.isIdentifier(index, "extension") {
            var name = index + 1
            if run.isIdentifier(name, "RealmSwift"), run.isPunctuation(name + 1, ".") { name += 2 }
            guard run.isIdentifier(name, "Realm"), !run.isPunctuation(name + 1, ".") else { continue }
            var open = name + 1
            while open < run.tokens.count, !run.isPunctuation(open, "{") { open += 1 }
            if let close = run.partner(of: open) { bodies.append(open...close) }
        }
        return bodies
    }

    /// Whether the tokens ending at `index` are `Realm.Configuration` (or `RealmSwift.Realm.Configuration`).
    private func isRealmConfiguration(endingAt index: Int) -> Bool {
        run.isIdentifier(index, "Configuration") && run.isPunctuation(index - 1, ".")
            && run.isIdentifier(index - 2, "Realm")
    }

    private func callSite(typeEnd: Int, open: Int) -> ConfigurationSite? {
        guard let close = run.partner(of: open), let first = run[typeEnd] else { return nil }
        let start = expressionStart(endingAt: typeEnd)
        var site = ConfigurationSite(
            group: group(ofCallStartingAt: start, typeEnd: typeEnd), file: path, location: location(typeEnd),
            offset: first.start)
        site.makesDefault = assignsDefault(before: start)
        var lastLabel = -1
        for part in run.parts(inside: open, close) {
            guard let label = run[part.lowerBound], label.kind == .identifier,
                run.isPunctuation(part.lowerBound + 1, ":")
            else { continue }
            lastLabel = max(lastLabel, Self.initializerLabels.firstIndex(of: label.text) ?? lastLabel)
            let value = (part.lowerBound + 2)..<part.upperBound
            set(label.text, value: value, at: part.lowerBound, in: &site)
        }
        // A trailing closure goes to `migrationBlock` when no argument after it is written.
        let blockPosition = Self.initializerLabels.firstIndex(of: "migrationBlock") ?? 0
        if run.isPunctuation(close + 1, "{"), lastLabel < blockPosition, site.block == nil,
            let end = run.partner(of: close + 1)
        {
            site.block = .closure(open: close + 1, close: end, location: location(close + 1))
        }
        return site
    }

    /// The first token of the call expression whose type ends at `typeEnd` (`RealmSwift.` or `.init` included).
    private func expressionStart(endingAt typeEnd: Int) -> Int {
        if run.isIdentifier(typeEnd, "init") { return typeEnd - 1 }
        if isBareInRealmExtension(typeEnd) { return typeEnd }
        var start = typeEnd - 2
        if run.isPunctuation(start - 1, "."), run.isIdentifier(start - 2, "RealmSwift") { start -= 2 }
        return start
    }

    /// The configuration a call builds: the variable it initialises or is assigned to (also through a closure that
    /// returns it, `lazy var config: Realm.Configuration = { … return Realm.Configuration(…) }()`), the default
    /// configuration, or the call itself.
    private func group(ofCallStartingAt start: Int, typeEnd: Int) -> ConfigurationSite.Group {
        if let assigned = assignedGroup(before: start) { return assigned }
        let brace = run.brace(around: start)
        let returned = run.isIdentifier(start - 1, "return") || run.isPunctuation(start - 1, "{")
        if returned, brace >= 0, let end = run.partner(of: brace), run.isPunctuation(end + 1, "("),
            run.isPunctuation(end + 2, ")"), let assigned = assignedGroup(before: brace)
        {
            return assigned
        }
        return .call(file: path, token: typeEnd)
    }

    /// The group of `X = ` or `var x: T = ` just before `index`, if the tokens there say it.
    private func assignedGroup(before index: Int) -> ConfigurationSite.Group? {
        guard run.isOperator(index - 1, "=") else { return nil }
        if run.isIdentifier(index - 2, "defaultConfiguration"), isRealmConfiguration(endingAt: index - 4) {
            return .defaultConfiguration
        }
        // `var config = …`, `let config: Realm.Configuration = …`
        var cursor = index - 2
        var steps = 0
        while let token = run[cursor], steps < 16, !token.isPunctuation("{"), !token.isPunctuation("}") {
            if token.kind == .identifier, ["var", "let"].contains(run[cursor - 1]?.text ?? ""),
                run.isOperator(cursor + 1, "=") || run.isPunctuation(cursor + 1, ":")
            {
                return .declaration(file: path, token: cursor - 1)
            }
            // Only the statement's own line: an earlier line's declaration is another variable's.
            if token.startsLine { break }
            cursor -= 1
            steps += 1
        }
        let receiver = run.path(endingAt: index - 2)
        guard !receiver.components.isEmpty else { return nil }
        return group(ofReceiver: receiver.components, at: index)
    }

    private func assignsDefault(before index: Int) -> Bool {
        run.isOperator(index - 1, "=") && run.isIdentifier(index - 2, "defaultConfiguration")
            && isRealmConfiguration(endingAt: index - 4)
    }

    // MARK: Assignments

    /// `config.schemaVersion = 3`, `self.config.migrationBlock = { … }`,
    /// `Realm.Configuration.defaultConfiguration.deleteRealmIfMigrationNeeded = true`.
    private func assignmentSite(at index: Int) -> ConfigurationSite? {
        guard let token = run[index] else { return nil }
        let receiver = run.path(endingAt: index - 2)
        guard !receiver.components.isEmpty else { return nil }
        let group: ConfigurationSite.Group
        if receiver.components.suffix(3) == ["Realm", "Configuration", "defaultConfiguration"] {
            group = .defaultConfiguration
        } else if let found = self.group(ofReceiver: receiver.components, at: index) {
            group = found
        } else {
            return nil
        }
        var site = ConfigurationSite(group: group, file: path, location: location(index), offset: token.start)
        let valueStart = index + 2
        set(token.text, value: valueStart..<run.expressionEnd(from: valueStart), at: index, in: &site)
        return site
    }

    /// `Realm.Configuration.defaultConfiguration = config` (a call is read as a call site).
    private func defaultAssignment(at index: Int) -> ConfigurationSite? {
        let valueStart = index + 2
        let end = run.expressionEnd(from: valueStart)
        let value = run.path(endingAt: end - 1)
        guard value.start == valueStart, !value.components.isEmpty, let token = run[index],
            let group = group(ofReceiver: value.components, at: index)
        else { return nil }
        var site = ConfigurationSite(group: group, file: path, location: location(index), offset: token.start)
        site.makesDefault = true
        return site
    }

    /// The configuration a receiver (`config`, `self.config`, `manager.configuration`) names: the nearest variable
    /// of that name the file declares as a configuration around `index`, or a receiver named like one
    /// (`…config…`, `…Configuration`); `nil` for any other value (`backup.schemaVersion` of the app's own type).
    private func group(ofReceiver components: [String], at index: Int) -> ConfigurationSite.Group? {
        guard let name = components.last else { return nil }
        if let candidates = declarations[name] {
            let scopes = run.scopes(around: index)
            let nearest = scopes.lazy.compactMap { scope in candidates.first { $0.scope == scope } }.first
            if let declaration = nearest ?? candidates.first {
                return .declaration(file: path, token: declaration.token)
            }
        }
        guard name.lowercased().contains("config") else { return nil }
        let text = components.filter { $0 != "self" }.joined(separator: ".")
        return .receiver(file: path, text: text)
    }

    // MARK: Values

    /// Reads one setting's value (the tokens `value`) into `site`.
    private func set(_ setting: String, value: Range<Int>, at index: Int, in site: inout ConfigurationSite) {
        let tokens = Array(run.tokens[clamped(value)])
        let written = location(index)
        switch setting {
        case "schemaVersion":
            site.version = ConfigurationSite.Value(tokens: substitutingLocal(tokens, at: index), location: written)
        case "migrationBlock":
            site.block = block(value, at: index)
        case "deleteRealmIfMigrationNeeded":
            let literal = tokens.count == 1 ? ["true": true, "false": false][tokens[0].text] : nil
            site.deleteIfNeeded = (literal, written)
        default:
            break
        }
    }

    /// The block a `migrationBlock` value gives: a closure, a local closure constant, or a named function.
    private func block(_ value: Range<Int>, at index: Int) -> ConfigurationSite.Block {
        let written = location(index)
        let text = run.tokens[clamped(value)].map(\.text).joined()
        if run.isPunctuation(value.lowerBound, "{"), let close = run.partner(of: value.lowerBound) {
            return .closure(open: value.lowerBound, close: close, location: written)
        }
        var end = value.upperBound - 1
        var labels: String?
        // `migrate(_:_:)`: the labels name the overload.
        if run.isPunctuation(end, ")"), let open = run.partner(of: end) {
            labels = run.tokens[clamped((open + 1)..<end)].map(\.text).joined()
            end = open - 1
        }
        let path = run.path(endingAt: end)
        guard path.start == value.lowerBound, !path.components.isEmpty, labels.map({ !$0.contains("(") }) ?? true else {
            return .unreadable(text: text, location: written)
        }
        let components = path.components.first == "self" ? Array(path.components.dropFirst()) : path.components
        if components.count == 1, labels == nil, let name = components.first,
            let initializer = localInitializer(of: name, before: index), run.isPunctuation(initializer.lowerBound, "{"),
            let close = run.partner(of: initializer.lowerBound)
        {
            return .closure(open: initializer.lowerBound, close: close, location: written)
        }
        return .named(path: path.components, labels: labels, location: written)
    }

    /// `tokens` with a lone name replaced by the initializer of the local constant it names
    /// (`schemaVersion: version` with `let version: UInt64 = 12` in scope).
    private func substitutingLocal(_ tokens: [Token], at index: Int) -> [Token] {
        guard tokens.count == 1, let name = tokens.first, name.kind == .identifier,
            let initializer = localInitializer(of: name.text, before: index)
        else { return tokens }
        return Array(run.tokens[clamped(initializer)])
    }

    /// The initializer of the nearest `let`/`var` named `name` in a scope around `index`: the innermost scope's,
    /// there the last one before `index` (a type's member may follow its use).
    private func localInitializer(of name: String, before index: Int) -> Range<Int>? {
        let scopes = run.scopes(around: index)
        var best: (rank: Int, before: Bool, range: Range<Int>)?
        for candidate in run.tokens.indices where run.tokens[candidate].isIdentifier(name) {
            guard ["let", "var"].contains(run[candidate - 1]?.text ?? ""),
                let rank = scopes.firstIndex(of: run.brace(around: candidate))
            else { continue }
            var equals = candidate + 1
            if run.isPunctuation(equals, ":") {
                // Past the type annotation to its `=`, on the same line.
                while let token = run[equals], !token.isOperator("="), !token.startsLine || equals == candidate + 1 {
                    equals += 1
                }
            }
            guard run.isOperator(equals, "=") else { continue }
            let range = (equals + 1)..<run.expressionEnd(from: equals + 1)
            let isBefore = candidate < index
            if let current = best {
                guard rank < current.rank || (rank == current.rank && isBefore) else { continue }
                if rank == current.rank && current.before && !isBefore { continue }
            }
            best = (rank, isBefore, range)
        }
        return best?.range
    }

    /// Variables declared as configurations: `var config = Realm.Configuration(…)`,
    /// `var config = Realm.Configuration.defaultConfiguration`, `let config: Realm.Configuration`, and parameters
    /// `config: Realm.Configuration` / `inout Realm.Configuration`.
    private func findDeclarations() -> [String: [(token: Int, scope: Int)]] {
        var result: [String: [(token: Int, scope: Int)]] = [:]
        for index in run.tokens.indices where run.tokens[index].kind == .identifier {
            let name = run.tokens[index].text
            var cursor = index + 1
            if run.isPunctuation(cursor, ":") {
                cursor += 1
                if run.isIdentifier(cursor, "inout") { cursor += 1 }
            } else if run.isOperator(cursor, "=") {
                cursor += 1
            } else {
                continue
            }
            if run.isIdentifier(cursor, "RealmSwift"), run.isPunctuation(cursor + 1, ".") { cursor += 2 }
            guard isRealmConfiguration(endingAt: cursor + 2) else { continue }
            let isVariable = ["let", "var"].contains(run[index - 1]?.text ?? "")
            // A parameter: its name after `(` or `,`, or after its argument label.
            let isParameter =
                run.isPunctuation(index - 1, "(") || run.isPunctuation(index - 1, ",")
                || (run[index - 1]?.kind == .identifier
                    && (run.isPunctuation(index - 2, "(") || run.isPunctuation(index - 2, ",")))
            guard isVariable || isParameter else { continue }
            // A parameter's scope is the function's body, the first brace after its list.
            var scope = run.brace(around: index)
            if isParameter, let close = enclosingParenthesisClose(of: index),
                let body = (close..<min(run.tokens.count, close + 64)).first(where: { run.isPunctuation($0, "{") })
            {
                scope = body
            }
            result[name, default: []].append((token: isVariable ? index - 1 : index, scope: scope))
        }
        return result
    }

    private func enclosingParenthesisClose(of index: Int) -> Int? {
        var cursor = index
        var steps = 0
        while cursor > 0, steps < 256 {
            cursor -= 1
            steps += 1
            if let partner = run.partner(of: cursor), partner > index, run.isPunctuation(cursor, "(") { return partner }
        }
        return nil
    }

    private func clamped(_ range: Range<Int>) -> Range<Int> {
        let lower = min(max(0, range.lowerBound), run.tokens.count)
        return lower..<min(max(lower, range.upperBound), run.tokens.count)
    }

    private func location(_ index: Int) -> SourceLocation {
        SourceLocation(file: path, line: run[index]?.line ?? 1)
    }
}
