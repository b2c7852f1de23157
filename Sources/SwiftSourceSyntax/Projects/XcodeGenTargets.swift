/// Reads the targets of an XcodeGen `project.yml`: each target's `type`, `sources` (folders or files, with
/// `excludes`), and the targets it depends on.
package enum XcodeGenTargets {
    /// The targets declared in the `project.yml` `text` at the standardized `path`.
    package static func targets(in text: String, path: String) -> [ProjectTarget] {
        let document = SimpleYAML.parse(text)
        let root = ProjectPaths.folder(of: path)
        let declared = document["targets"]?.entries ?? []
        let kinds = Dictionary(
            declared.map { ($0.key, kind(ofType: $0.value["type"]?.scalar)) }, uniquingKeysWith: { first, _ in first })
        return declared.map { name, description in
            var target = ProjectTarget(name: name, kind: kinds[name] ?? .other, declaredIn: path)
            for source in description["sources"]?.elements ?? [] {
                guard let relative = source.scalar ?? source["path"]?.scalar, !relative.isEmpty else { continue }
                let folder = ProjectPaths.join(root, relative)
                if relative.hasSuffix(".swift") {
                    target.files.insert(folder)
                } else {
                    target.folders.append(folder)
                }
                for excluded in source["excludes"]?.elements ?? [] {
                    if let pattern = excluded.scalar, !pattern.contains("*") {
                        target.excluded.append(ProjectPaths.join(folder, pattern))
                    }
                }
            }
            for dependency in description["dependencies"]?.elements ?? [] {
                if let other = dependency["target"]?.scalar, kinds[other] == .library {
                    target.imports.append(other)
                } else if let product = dependency["product"]?.scalar ?? dependency["package"]?.scalar {
                    target.imports.append(product)
                }
            }
            return target
        }
    }

    /// What an XcodeGen target `type` builds.
    static func kind(ofType type: String?) -> ProjectTarget.Kind {
        guard let type else { return .other }
        if type.contains("test") { return .test }
        if type.contains("extension") { return .appExtension }
        if type.contains("framework") || type.contains("library") { return .library }
        if type.contains("application") || type.contains("tool") { return .application }
        return .other
    }
}
