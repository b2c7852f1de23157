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
                let call = ManifestCall(tokens: tokens, open: index + 2)
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
}
