/// Reads the targets of a Tuist `Project.swift`, as written (the manifest is not run): each `Target(…)` or
/// `.target(…)` with a `name` and a `product` or `sources`, its source globs (`"App/**"` is the folder `App`), and
/// the targets it depends on. Targets that helper functions build are not seen.
package enum TuistProjectTargets {
    /// The targets declared in the `Project.swift` `text` at the standardized `path`.
    package static func targets(in text: String, path: String) -> [ProjectTarget] {
        let tokens = Lexer.tokenize(text).tokens
        let root = ProjectPaths.folder(of: path)
        var targets: [ProjectTarget] = []
        var index = 0
        while index + 1 < tokens.count {
            let opensTarget =
                (tokens[index].isIdentifier("Target") && (index == 0 || !tokens[index - 1].isPunctuation(".")))
                || (tokens[index].isIdentifier("target") && index > 0 && tokens[index - 1].isPunctuation("."))
            guard opensTarget, tokens[index + 1].isPunctuation("("),
                let call = ManifestCall(tokens: tokens, open: index + 1), let name = call.strings("name").first,
                call.argument("product") != nil || call.argument("sources") != nil
            else {
                index += 1
                continue
            }
            index = call.end
            var target = ProjectTarget(name: name, kind: kind(of: call), declaredIn: path)
            for glob in call.strings("sources") {
                let fixed = glob.split(separator: "/").prefix { !$0.contains("*") }.joined(separator: "/")
                if fixed == glob, glob.hasSuffix(".swift") {
                    target.files.insert(ProjectPaths.join(root, glob))
                } else {
                    target.folders.append(ProjectPaths.join(root, fixed))
                }
            }
            target.imports = call.dependencyNames(labels: ["name", "target"])
            targets.append(target)
        }
        return targets
    }

    /// What the `product:` argument (`.app`, `.framework`, `.appExtension`, `.unitTests`…) builds.
    private static func kind(of call: ManifestCall) -> ProjectTarget.Kind {
        guard let range = call.argument("product"),
            let product = call.tokens[range].last(where: { $0.kind == .identifier })?.text
        else { return .other }
        if product.hasSuffix("Tests") { return .test }
        if product.hasSuffix("Extension") { return .appExtension }
        if product.hasSuffix("ramework") || product.hasSuffix("ibrary") { return .library }
        if product.hasSuffix("pp") || product == "commandLineTool" { return .application }
        return .other
    }
}
