/// Reads the targets of a SwiftPM package from its `Package.swift`, as written (the manifest is not run): each
/// `.target`, `.executableTarget`, `.testTarget` and `.macro` with its `name`, `path` (or SwiftPM's default folders),
/// `exclude` and dependencies, and each `.library` product with the targets it vends.
package enum PackageManifestTargets {
    private static let declarations: [String: ProjectTarget.Kind] = [
        "target": .library, "executableTarget": .application, "testTarget": .test, "macro": .other,
        "library": .library,
    ]

    /// The targets (and library products, as targets that only import) declared in the manifest `text` at the
    /// standardized `path`.
    package static func targets(in text: String, path: String) -> [ProjectTarget] {
        let tokens = Lexer.tokenize(text).tokens
        let root = ProjectPaths.folder(of: path)
        var targets: [ProjectTarget] = []
        var products: [ProjectTarget] = []
        var index = 0
        while index + 2 < tokens.count {
            guard tokens[index].isPunctuation("."), tokens[index + 1].kind == .identifier,
                let kind = declarations[tokens[index + 1].text], tokens[index + 2].isPunctuation("("),
                let call = Call(tokens: tokens, open: index + 2)
            else {
                index += 1
                continue
            }
            index = call.end
            guard let name = call.strings("name").first else { continue }
            var target = ProjectTarget(name: name, kind: kind, declaredIn: path)
            if tokens[call.open - 1].text == "library" {
                target.imports = call.strings("targets")
                products.append(target)
                continue
            }
            let folders =
                call.strings("path").first.map { [$0] }
                ?? (kind == .test ? ["Tests"] : ["Sources", "Source", "src", "srcs"]).map { "\($0)/\(name)" }
            target.folders = folders.map { ProjectPaths.join(root, $0) }
            target.excluded = call.strings("exclude").flatMap { excluded in
                target.folders.map { ProjectPaths.join($0, excluded) }
            }
            target.imports = call.dependencyNames()
            targets.append(target)
        }
        let targetNames = Set(targets.map(\.name))
        return targets + products.filter { !targetNames.contains($0.name) }
    }

    /// One call's argument list: from its `(` to just past its `)`.
    private struct Call {
        let tokens: [Token]
        let open: Int
        /// The index just past the closing parenthesis.
        let end: Int

        init?(tokens: [Token], open: Int) {
            var depth = 0
            var index = open
            while index < tokens.count {
                let token = tokens[index]
                if token.kind == .punctuation {
                    if ["(", "[", "{"].contains(token.text) { depth += 1 }
                    if [")", "]", "}"].contains(token.text) { depth -= 1 }
                }
                index += 1
                if depth == 0 { break }
            }
            guard depth == 0 else { return nil }
            self.tokens = tokens
            self.open = open
            self.end = index
        }

        /// The range of tokens of the argument labelled `label` (at the call's own depth).
        func argument(_ label: String) -> Range<Int>? {
            var depth = 0
            var index = open + 1
            while index < end - 1 {
                let token = tokens[index]
                if token.kind == .punctuation {
                    if ["(", "[", "{"].contains(token.text) { depth += 1 }
                    if [")", "]", "}"].contains(token.text) { depth -= 1 }
                }
                if depth == 0, token.isIdentifier(label), index + 1 < end, tokens[index + 1].isPunctuation(":") {
                    var stop = index + 2
                    var inner = 0
                    while stop < end - 1 {
                        let next = tokens[stop]
                        if next.kind == .punctuation {
                            if ["(", "[", "{"].contains(next.text) { inner += 1 }
                            if [")", "]", "}"].contains(next.text) { inner -= 1 }
                            if inner == 0, next.text == "," { break }
                        }
                        stop += 1
                    }
                    return (index + 2)..<stop
                }
                index += 1
            }
            return nil
        }

        /// The plain string literals of the argument `label` (one, or an array's).
        func strings(_ label: String) -> [String] {
            guard let range = argument(label) else { return [] }
            return tokens[range].filter { $0.kind == .stringLiteral }.compactMap { Self.plain($0.text) }
        }

        /// The target and product names of the `dependencies:` argument: `"A"`, `.target(name: "A")`,
        /// `.byName(name: "A")`, `.product(name: "A", package: …)`.
        func dependencyNames() -> [String] {
            guard let range = argument("dependencies") else { return [] }
            var names: [String] = []
            var index = range.lowerBound
            while index < range.upperBound {
                let token = tokens[index]
                if token.kind == .stringLiteral {
                    let labelled = index >= 2 && tokens[index - 1].isPunctuation(":")
                    let label = labelled ? tokens[index - 2].text : "name"
                    if label == "name", let name = Self.plain(token.text) { names.append(name) }
                }
                index += 1
            }
            return names
        }

        /// The text of a one-line string literal without its quotes, when it has no interpolation.
        static func plain(_ literal: String) -> String? {
            guard literal.count >= 2, literal.hasPrefix("\""), literal.hasSuffix("\""), !literal.hasPrefix("\"\"\""),
                !literal.contains("\\(")
            else { return nil }
            return String(literal.dropFirst().dropLast())
        }
    }
}
