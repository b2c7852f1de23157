import SwiftDataCodegen
import SwiftSourceSyntax

/// The Realm configurations of the files added, once their models are known: each group of sites read into a
/// candidate, its version evaluated across files, its migration block found (a closure, or a function or closure
/// value it names in any file) and carried over against the models' names.
extension ModelExtractor {
    /// The sites of `file`, when it builds or changes a configuration.
    static func configurationSites(of file: ParsedSource) -> ConfigurationFile? {
        let settings: Set<String> = [
            "schemaVersion", "migrationBlock", "deleteRealmIfMigrationNeeded", "defaultConfiguration",
        ]
        guard file.lexer.tokens.contains(where: { $0.kind == .identifier && settings.contains($0.text) }) else {
            return nil
        }
        var sites = ConfigurationScanner(path: file.path, tokens: file.lexer.tokens).scan()
        guard !sites.isEmpty else { return nil }
        for index in sites.indices {
            sites[index].scopes = enclosingTypes(of: sites[index].offset, in: file.declarations, outer: nil)
        }
        return ConfigurationFile(path: file.path, lexer: file.lexer, sites: sites)
    }

    /// The qualified names of the types (extensions: the extended type) around byte `offset`, innermost first.
    private static func enclosingTypes(of offset: Int, in declarations: [Declaration], outer: String?) -> [String] {
        for declaration in declarations {
            switch declaration {
            case .type(let type) where type.start <= offset && offset < type.end:
                let name = type.kind == .extension ? type.name : (outer.map { "\($0).\(type.name)" } ?? type.name)
                return enclosingTypes(of: offset, in: type.members, outer: name) + [name]
            case .conditional(let block):
                for clause in block.clauses {
                    let found = enclosingTypes(of: offset, in: clause.declarations, outer: outer)
                    if !found.isEmpty { return found }
                }
            default:
                continue
            }
        }
        return []
    }

    /// Every configuration the files build that sets a schema version, a migration block or
    /// `deleteRealmIfMigrationNeeded`, in file order; `models` and `enums` are the names the models' code uses.
    func configurationCandidates(models: Set<String>, enums: Set<String>) -> [ConfigurationCandidate] {
        var groups: [ConfigurationSite.Group: [(file: ConfigurationFile, site: ConfigurationSite)]] = [:]
        var order: [ConfigurationSite.Group] = []
        for file in configurationFiles {
            for site in file.sites {
                if groups[site.group] == nil { order.append(site.group) }
                groups[site.group, default: []].append((file, site))
            }
        }
        return order.compactMap { group in
            guard let sites = groups[group] else { return nil }
            let candidate = candidate(group, sites, models: models, enums: enums)
            return candidate.setsSchema ? candidate : nil
        }
    }

    private func candidate(
        _ group: ConfigurationSite.Group, _ sites: [(file: ConfigurationFile, site: ConfigurationSite)],
        models: Set<String>, enums: Set<String>
    ) -> ConfigurationCandidate {
        let first = sites.first { $0.site.setsSomething } ?? sites[0]
        var candidate = ConfigurationCandidate(location: first.site.location)
        candidate.isDefault = group == .defaultConfiguration || sites.contains { $0.site.makesDefault }
        var versions: [(UInt64, SourceLocation)] = []
        for (file, site) in sites {
            candidate.settings += site.settingLocations
            if site.makesDefault { candidate.settings.append(site.location) }
            if let value = site.version {
                let evaluator = ConstantEvaluator(models: self, scopes: site.scopes)
                switch evaluator.evaluateInteger(value.tokens) {
                case .success(let version): versions.append((version, value.location))
                case .failure(let error):
                    candidate.unreadableVersion =
                        "cannot tell what schemaVersion is (\(value.location)): \(error.message)"
                }
            }
            if let flag = site.deleteIfNeeded {
                if let value = flag.value {
                    candidate.deleteRealmIfMigrationNeeded = candidate.deleteRealmIfMigrationNeeded || value
                } else {
                    candidate.notes.append(
                        .init(
                            "deleteRealmIfMigrationNeeded is not a literal true or false: read as false",
                            location: flag.location))
                }
            }
            if let block = site.block {
                (candidate.block, candidate.unreadableBlock) = carry(
                    block, of: site, in: file, models: models, enums: enums)
            }
        }
        if let highest = versions.max(by: { $0.0 < $1.0 }) {
            candidate.version = highest.0
            if candidate.unreadableVersion == nil, Set(versions.map(\.0)).count > 1 {
                candidate.notes.append(
                    .init(
                        "the configuration sets schemaVersion to \(versions.map { "\($0.0) (\($0.1))" }.joined(separator: ", ")): "
                            + "the highest, \(highest.0), is carried over", location: highest.1))
            }
        }
        candidate.settings = Array(Set(candidate.settings)).sorted { ($0.file, $0.line) < ($1.file, $1.line) }
        return candidate
    }

    // MARK: Blocks

    /// The carried block of a `migrationBlock` value, or why it cannot be carried.
    private func carry(
        _ block: ConfigurationSite.Block, of site: ConfigurationSite, in file: ConfigurationFile, models: Set<String>,
        enums: Set<String>
    ) -> (CarriedMigrationBlock?, String?) {
        switch block {
        case .closure(let open, let close, _):
            return (carryClosure(open: open, close: close, lexer: file.lexer, file: file.path, models, enums), nil)
        case .named(let path, let labels, let location):
            guard let found = namedBlock(path, labels: labels, scopes: site.scopes) else {
                let written = path.joined(separator: ".") + (labels.map { "(\($0))" } ?? "")
                return (
                    nil,
                    "the migration block `\(written)` (\(location)) is not a function or closure the sources declare"
                )
            }
            return (found(models, enums), nil)
        case .unreadable(let text, let location):
            return (nil, "the migration block `\(text)` (\(location)) is not a closure or a function's name")
        }
    }

    private typealias Carry = (Set<String>, Set<String>) -> CarriedMigrationBlock?

    /// The function or closure value `path` names (`Self.migrate`, `AppMigrations.run`, `migrate`), seen from the
    /// types `scopes`.
    private func namedBlock(_ written: [String], labels: String?, scopes: [String]) -> Carry? {
        var path = written
        var owners: [String?]
        if path.first == "self" || path.first == "Self" {
            path.removeFirst()
            owners = scopes.prefix(1).map { $0 }
        } else if path.count == 1 {
            owners = scopes.map { $0 } + [nil]
        } else {
            let evaluator = ConstantEvaluator(models: self, scopes: scopes)
            let type =
                evaluator.lookupType(Array(path.dropLast()), scopes: scopes)
                ?? evaluator.lookupType([path[0]], scopes: scopes)
            owners = [type?.qualifiedName].compactMap { $0 }
        }
        guard let name = path.last else { return nil }
        for owner in owners {
            if let found = member(name, labels: labels, of: owner) { return found }
        }
        return nil
    }

    /// A function named `name` (with `labels`, when given) or a closure-valued variable of `owner` (a top-level
    /// one for `nil`).
    private func member(_ name: String, labels: String?, of owner: String?) -> Carry? {
        var functions: [(FunctionDeclaration, String, Lexer)] = []
        var closures: [(VariableDeclaration, String, Lexer)] = []
        if let owner {
            guard let type = lookup(owner.split(separator: ".").map(String.init), from: nil) else { return nil }
            for (active, declaring) in members(of: type) {
                switch active.declaration {
                case .function(let function): functions.append((function, declaring.file, declaring.source))
                case .variable(let variable): closures.append((variable, declaring.file, declaring.source))
                default: continue
                }
            }
        } else {
            functions = (topLevelFunctions[name] ?? []).map { ($0.function, $0.file, $0.source) }
            if let constant = constants[name], constant.owner == nil, let lexer = lexers[constant.location.file],
                let open = constant.value.first, open.isPunctuation("{")
            {
                return { models, enums in
                    let run = TokenRun(lexer.tokens)
                    guard let index = Self.tokenIndex(at: open.start, in: lexer), let close = run.partner(of: index)
                    else {
                        return nil
                    }
                    return Self.carryClosure(
                        run: run, open: index, close: close, lexer: lexer, file: constant.location.file, models, enums)
                }
            }
        }
        let matching = functions.filter { function, _, _ in
            function.keyword == "func" && function.name.prefix(while: { $0 != "(" }) == name
                && (labels.map { function.name == "\(name)(\($0))" } ?? true) && function.bodyStart != nil
        }
        if let (function, file, lexer) = matching.first(where: { $0.0.parameters.count == 2 }) ?? matching.first {
            return { models, enums in
                self.carryFunction(function, lexer: lexer, file: file, models, enums)
            }
        }
        if let (variable, file, lexer) = closures.first(where: {
            $0.0.name == name && $0.0.initializer?.first?.isPunctuation("{") == true
        }), let open = variable.initializer?.first {
            return { models, enums in
                let run = TokenRun(lexer.tokens)
                guard let index = Self.tokenIndex(at: open.start, in: lexer), let close = run.partner(of: index) else {
                    return nil
                }
                return Self.carryClosure(run: run, open: index, close: close, lexer: lexer, file: file, models, enums)
            }
        }
        return nil
    }

    private func carryClosure(
        open: Int, close: Int, lexer: Lexer, file: String, _ models: Set<String>, _ enums: Set<String>
    ) -> CarriedMigrationBlock? {
        Self.carryClosure(
            run: TokenRun(lexer.tokens), open: open, close: close, lexer: lexer, file: file, models, enums)
    }

    private static func carryClosure(
        run: TokenRun, open: Int, close: Int, lexer: Lexer, file: String, _ models: Set<String>,
        _ enums: Set<String>
    ) -> CarriedMigrationBlock? {
        guard let brace = run[open], let end = run[close] else { return nil }
        let header = ClosureHeader(open: open, in: run)
        let shorthand = header.inToken == nil
        let names = header.names + ["_", "_"]
        let migrationName = shorthand ? "$0" : names[0]
        let versionName = shorthand ? "$1" : names[1]
        let carrier = MigrationBlockCarrier(
            run: run, lexer: lexer, file: file, models: models, enums: enums, migrationName: migrationName,
            versionName: versionName)
        let textStart = header.inToken.flatMap { run[$0]?.end } ?? brace.end
        let pieces = carrier.carry(start: header.bodyStart, end: close, textStart: textStart, textEnd: end.start)
        return CarriedMigrationBlock(
            migrationName: shorthand ? "migration" : migrationName,
            oldSchemaVersionName: shorthand ? "oldSchemaVersion" : versionName, usesShorthandArguments: shorthand,
            pieces: pieces, location: SourceLocation(file: file, line: brace.line), lastLine: end.line)
    }

    private func carryFunction(
        _ function: FunctionDeclaration, lexer: Lexer, file: String, _ models: Set<String>, _ enums: Set<String>
    ) -> CarriedMigrationBlock? {
        let run = TokenRun(lexer.tokens)
        guard let offset = function.bodyStart, let open = Self.tokenIndex(at: offset, in: lexer),
            let close = run.partner(of: open), let brace = run[open], let end = run[close]
        else { return nil }
        let names = function.parameters.map(\.name) + ["_", "_"]
        let carrier = MigrationBlockCarrier(
            run: run, lexer: lexer, file: file, models: models, enums: enums, migrationName: names[0],
            versionName: names[1])
        let pieces = carrier.carry(start: open + 1, end: close, textStart: brace.end, textEnd: end.start)
        return CarriedMigrationBlock(
            migrationName: names[0], oldSchemaVersionName: names[1], usesShorthandArguments: false, pieces: pieces,
            location: SourceLocation(file: file, line: function.line), lastLine: end.line)
    }

    /// The index of the token that starts at byte `offset` (binary search; tokens are in source order).
    static func tokenIndex(at offset: Int, in lexer: Lexer) -> Int? {
        let tokens = lexer.tokens
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].start < offset { low = middle + 1 } else { high = middle }
        }
        return low < tokens.count && tokens[low].start == offset ? low : nil
    }
}
