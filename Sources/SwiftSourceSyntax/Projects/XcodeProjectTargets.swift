/// Reads the targets of an Xcode project from its `project.pbxproj`: each native target's Swift files (its Sources
/// build phase, and the synchronized folders of Xcode 16 with their membership exceptions) and the frameworks and
/// libraries it depends on.
package enum XcodeProjectTargets {
    /// The targets of the project whose `project.pbxproj` has `text`.
    /// - Parameters:
    ///   - text: The file's text.
    ///   - path: The file's standardized path (`…/App.xcodeproj/project.pbxproj`); file references resolve against
    ///     the folder that holds the `.xcodeproj`.
    /// - Throws: ``OpenStepPropertyListError`` when the file is not a property list.
    package static func targets(in text: String, path: String) throws(OpenStepPropertyListError) -> [ProjectTarget] {
        guard let root = try OpenStepPropertyList.parse(text).dictionary,
            let objects = root["objects"]?.dictionary,
            let project = root["rootObject"]?.string.flatMap({ objects[$0]?.dictionary })
        else { return [] }
        let projectFolder = ProjectPaths.folder(of: ProjectPaths.folder(of: path))
        let sourceRoot = ProjectPaths.join(projectFolder, project["projectDirPath"]?.string ?? "")
        var paths = GroupPaths(objects: objects, sourceRoot: sourceRoot)
        if let main = project["mainGroup"]?.string { paths.walk(main, base: sourceRoot) }

        var nativeTargets: [(id: String, entries: [String: OpenStepValue])] = []
        for id in project["targets"]?.strings ?? [] {
            if let entries = objects[id]?.dictionary { nativeTargets.append((id, entries)) }
        }
        let kinds = Dictionary(
            nativeTargets.map { ($0.id, kind(ofProductType: $0.entries["productType"]?.string)) },
            uniquingKeysWith: { first, _ in first })
        let names = Dictionary(
            nativeTargets.map { ($0.id, $0.entries["name"]?.string ?? $0.id) }, uniquingKeysWith: { first, _ in first })
        let exceptionsByTarget = synchronizedExceptions(objects: objects, paths: paths)

        return nativeTargets.map { id, entries in
            var target = ProjectTarget(name: names[id] ?? id, kind: kinds[id] ?? .other, declaredIn: path)
            for phase in entries["buildPhases"]?.strings ?? [] {
                guard let phaseEntries = objects[phase]?.dictionary,
                    phaseEntries["isa"]?.string == "PBXSourcesBuildPhase"
                else { continue }
                for buildFile in phaseEntries["files"]?.strings ?? [] {
                    guard let reference = objects[buildFile]?.dictionary?["fileRef"]?.string else { continue }
                    target.files.formUnion(paths.files(of: reference))
                }
            }
            for group in entries["fileSystemSynchronizedGroups"]?.strings ?? [] {
                guard let folder = paths.resolved[group] else { continue }
                target.folders.append(folder)
            }
            let exceptions = exceptionsByTarget[id] ?? []
            for exception in exceptions {
                if target.folders.contains(exception.folder) {
                    target.excluded.append(exception.path)
                } else {
                    target.files.insert(exception.path)
                }
            }
            for dependency in entries["dependencies"]?.strings ?? [] {
                guard let other = objects[dependency]?.dictionary?["target"]?.string, let name = names[other],
                    kinds[other] == .library
                else { continue }
                target.imports.append(name)
            }
            for product in entries["packageProductDependencies"]?.strings ?? [] {
                if let name = objects[product]?.dictionary?["productName"]?.string { target.imports.append(name) }
            }
            return target
        }
    }

    /// What a target's `productType` builds.
    static func kind(ofProductType type: String?) -> ProjectTarget.Kind {
        guard let type else { return .other }
        if type.contains("unit-test") || type.contains("ui-testing") { return .test }
        if type.contains("extension") { return .appExtension }
        if type.contains("framework") || type.contains("library") { return .library }
        if type.contains("application") || type.contains("tool") { return .application }
        return .other
    }

    /// Files of synchronized folders whose membership differs from their folder's, by the target they concern.
    private static func synchronizedExceptions(objects: [String: OpenStepValue], paths: GroupPaths)
        -> [String: [(folder: String, path: String)]]
    {
        var result: [String: [(folder: String, path: String)]] = [:]
        for (group, folder) in paths.resolved {
            guard let entries = objects[group]?.dictionary,
                entries["isa"]?.string == "PBXFileSystemSynchronizedRootGroup"
            else { continue }
            for exception in entries["exceptions"]?.strings ?? [] {
                guard let set = objects[exception]?.dictionary, let target = set["target"]?.string else { continue }
                for member in set["membershipExceptions"]?.strings ?? [] {
                    result[target, default: []].append((folder, ProjectPaths.join(folder, member)))
                }
            }
        }
        return result
    }

    /// The path of every group and file reference, found by walking the group tree from the main group.
    private struct GroupPaths {
        let objects: [String: OpenStepValue]
        let sourceRoot: String
        private(set) var resolved: [String: String] = [:]

        init(objects: [String: OpenStepValue], sourceRoot: String) {
            self.objects = objects
            self.sourceRoot = sourceRoot
        }

        mutating func walk(_ id: String, base: String) {
            var pending: [(id: String, base: String, depth: Int)] = [(id, base, 0)]
            while let (current, parent, depth) = pending.popLast() {
                guard resolved[current] == nil, depth < 256, let entries = objects[current]?.dictionary,
                    let path = path(of: entries, parent: parent)
                else { continue }
                resolved[current] = path
                for child in entries["children"]?.strings ?? [] { pending.append((child, path, depth + 1)) }
            }
        }

        private func path(of entries: [String: OpenStepValue], parent: String) -> String? {
            let own = entries["path"]?.string ?? ""
            switch entries["sourceTree"]?.string ?? "<group>" {
            case "<group>": return own.isEmpty ? parent : ProjectPaths.join(parent, own)
            case "SOURCE_ROOT": return ProjectPaths.join(sourceRoot, own)
            case "<absolute>": return own
            default: return nil
            }
        }

        /// The files a build file's reference stands for: the file, or a variant group's files.
        func files(of reference: String) -> [String] {
            guard let path = resolved[reference] else { return [] }
            let children = objects[reference]?.dictionary?["children"]?.strings ?? []
            return children.isEmpty ? [path] : children.compactMap { resolved[$0] }
        }
    }
}
