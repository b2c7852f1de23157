import Foundation

/// The targets of an app's project descriptions found among a flow's inputs (`*.xcodeproj/project.pbxproj`,
/// `Package.swift`, XcodeGen's `project.yml`, Tuist's `Project.swift`, CocoaPods' `.podspec`), and which target
/// compiles which Swift file: what resolving names as the compiler does needs.
package struct ProjectLayout: Sendable {
    /// Every target of every description found, in the order found.
    package var targets: [ProjectTarget] = []
    /// The folders the descriptions cover (each one's folder): a Swift file under one that no target compiles is
    /// compiled by none.
    package var roots: [String] = []
    /// Descriptions that could not be read, with why (their files are then treated as outside every project).
    package var problems: [(path: String, message: String)] = []
    /// The input folders, for the folder conventions of a tree that no description covers.
    package var inputFolders: [String] = []

    /// A layout with no project description: every file is one module.
    package init() {}

    /// Creates a layout from targets already read.
    package init(targets: [ProjectTarget], roots: [String]) {
        self.targets = targets
        self.roots = roots
    }

    /// The project descriptions inside the input folders (not in hidden, build or vendor folders, nor in folders
    /// `excludes` match), read.
    package static func find(in inputs: [URL], excluding excludes: [PathGlob] = []) -> ProjectLayout {
        var layout = ProjectLayout()
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input.path, isDirectory: &isDirectory), isDirectory.boolValue
            else { continue }
            let root = input.standardizedFileURL.path
            layout.inputFolders.append(root)
            let found = FileManager.default.enumerator(
                at: input, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
            var descriptions: [String] = []
            while let url = found?.nextObject() as? URL {
                let full = url.standardizedFileURL.path
                let relative =
                    full.hasPrefix(root + "/") ? String(full.dropFirst(root.count + 1)) : url.lastPathComponent
                let name = url.lastPathComponent
                if SwiftSourceFiles.skippedFolders.contains(name) || excludes.contains(where: { $0.matches(relative) })
                {
                    found?.skipDescendants()
                    continue
                }
                if url.pathExtension == "xcodeproj" {
                    descriptions.append(full + "/project.pbxproj")
                    found?.skipDescendants()
                } else if name == "Package.swift" || name == "project.yml" || name == "Project.swift"
                    || url.pathExtension == "podspec"
                {
                    descriptions.append(full)
                }
            }
            for path in descriptions.sorted() { layout.read(path) }
        }
        // Development pods: what the tree's apps and extensions import.
        let pods = layout.targets.filter { $0.declaredIn.hasSuffix(".podspec") }.map(\.name)
        for index in layout.targets.indices
        where layout.targets[index].kind == .application || layout.targets[index].kind == .appExtension {
            layout.targets[index].imports += pods
        }
        return layout
    }

    /// Reads the description at `path` (standardized), recording a problem when it cannot be read.
    private mutating func read(_ path: String) {
        guard let data = FileManager.default.contents(atPath: path) else {
            if !path.hasSuffix("project.pbxproj") { problems.append((path, "cannot be read")) }
            return
        }
        let text = String(decoding: data, as: UTF8.self)
        let found: [ProjectTarget]
        if path.hasSuffix("project.pbxproj") {
            do {
                found = try XcodeProjectTargets.targets(in: text, path: path)
            } catch {
                problems.append((path, "is not a property list (\(error)); its targets are not known"))
                return
            }
            roots.append(ProjectPaths.folder(of: ProjectPaths.folder(of: path)))
        } else if path.hasSuffix(".podspec") {
            guard let pod = PodspecTargets.target(in: text, path: path) else { return }
            found = [pod]
            roots.append(ProjectPaths.folder(of: path))
        } else if path.hasSuffix("Project.swift") {
            // Tuist's manifest; a `Project.swift` of the app's own code is not one.
            guard text.contains("import ProjectDescription") else { return }
            found = TuistProjectTargets.targets(in: text, path: path)
            roots.append(ProjectPaths.folder(of: path))
        } else if path.hasSuffix("Package.swift") {
            found = PackageManifestTargets.targets(in: text, path: path)
            roots.append(ProjectPaths.folder(of: path))
        } else {
            found = XcodeGenTargets.targets(in: text, path: path)
            roots.append(ProjectPaths.folder(of: path))
        }
        targets += found
    }

    /// How the files at `paths` (standardized) group into modules. With no description, by folder convention: a
    /// folder at the top of an input named like an app extension (`…Extension`, `…Widget`, `…Widgets`, `…Intents`,
    /// `…Clip`, `…Watch`, `…WatchApp`) is a target of its own that sees the other files, one named like tests
    /// (`…Tests`) holds tests, and all other files are one module.
    package func modules(of paths: [String]) -> ModulePlan {
        guard !targets.isEmpty else {
            let conventional = conventionTargets(of: paths)
            guard !conventional.isEmpty else {
                return ModulePlan(modules: [ModulePlan.Module(name: nil, files: Array(paths.indices), imported: [])])
            }
            return ProjectLayout(targets: conventional, roots: []).modules(of: paths)
        }
        let compiling = targets.filter { $0.kind != .test }
        // A description none of whose targets compiles a file under its folder (one read wrong, or of tooling
        // only) sets nothing apart.
        let roots = roots.filter { root in
            paths.contains { path in ProjectPaths.isInside(path, root) && targets.contains { $0.compiles(path) } }
        }
        var own: [[Int]] = Array(repeating: [], count: compiling.count)
        var outside: [Int] = []
        var uncompiled: [Int] = []
        var testsOnly: [Int] = []
        for (index, path) in paths.enumerated() {
            var compiled = false
            for (position, target) in compiling.enumerated() where target.compiles(path) {
                own[position].append(index)
                compiled = true
            }
            if compiled { continue }
            if targets.contains(where: { $0.kind == .test && $0.compiles(path) }) {
                testsOnly.append(index)
            } else if roots.contains(where: { ProjectPaths.isInside(path, $0) }) {
                uncompiled.append(index)
            } else {
                outside.append(index)
            }
        }
        let byName = Dictionary(compiling.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        /// What a target with these imports sees of the compiling targets (and the files of no target).
        func imported(by imports: [String], excluding position: Int?, own ownFiles: Set<Int>) -> [Int] {
            var imported: [Int] = []
            var seen: Set<Int> = position.map { [$0] } ?? []
            var pending = imports.compactMap { byName[$0] }
            while let next = pending.popLast() {
                guard seen.insert(next).inserted else { continue }
                imported += own[next]
                pending += compiling[next].imports.compactMap { byName[$0] }
            }
            return orderedUnique(imported.filter { !ownFiles.contains($0) } + outside)
        }
        var modules: [ModulePlan.Module] = []
        for position in importOrder(compiling, byName: byName) where !own[position].isEmpty {
            modules.append(
                ModulePlan.Module(
                    name: compiling[position].name, files: own[position],
                    imported: imported(by: compiling[position].imports, excluding: position, own: Set(own[position]))))
        }
        // The files of no target come first: every module sees them, as it sees what it imports.
        if !outside.isEmpty { modules.insert(ModulePlan.Module(name: nil, files: outside, imported: []), at: 0) }
        let tests = targets.filter { $0.kind == .test }.compactMap { target -> ModulePlan.Module? in
            let files = paths.indices.filter { target.compiles(paths[$0]) }
            guard !files.isEmpty else { return nil }
            return ModulePlan.Module(
                name: target.name, files: files, imported: imported(by: target.imports, excluding: nil, own: Set(files))
            )
        }
        return ModulePlan(modules: modules, uncompiled: uncompiled, testsOnly: testsOnly, tests: tests)
    }

    /// The targets the folder conventions give the top folders of the inputs that hold `paths`.
    private func conventionTargets(of paths: [String]) -> [ProjectTarget] {
        var targets: [ProjectTarget] = []
        var seen: Set<String> = []
        for path in paths {
            guard let input = inputFolders.first(where: { ProjectPaths.isInside(path, $0) }) else { continue }
            let relative = path.dropFirst(input == "/" ? 1 : input.count + 1)
            guard let slash = relative.firstIndex(of: "/") else { continue }
            let folder = String(relative[..<slash])
            guard !seen.contains(folder), let kind = Self.conventionKind(ofFolder: folder) else { continue }
            seen.insert(folder)
            var target = ProjectTarget(name: folder, kind: kind, declaredIn: "(folder convention)")
            target.folders = [ProjectPaths.join(input, folder)]
            targets.append(target)
        }
        return targets
    }

    /// What a top folder named `name` holds by convention, when it is not the app's main code.
    static func conventionKind(ofFolder name: String) -> ProjectTarget.Kind? {
        if name.hasSuffix("Tests") { return .test }
        let extensions = ["Extension", "Widget", "Widgets", "Intents", "Clip", "Watch", "WatchApp"]
        return extensions.contains(where: { name.hasSuffix($0) }) && name != "Extension" ? .appExtension : nil
    }

    /// The targets' positions, each after the targets it imports (cycles broken in declaration order).
    private func importOrder(_ targets: [ProjectTarget], byName: [String: Int]) -> [Int] {
        var order: [Int] = []
        var state = Array(repeating: 0, count: targets.count)
        for start in targets.indices where state[start] == 0 {
            var stack: [(position: Int, next: Int)] = [(start, 0)]
            state[start] = 1
            while let (position, next) = stack.last {
                let imports = targets[position].imports.compactMap { byName[$0] }
                if next < imports.count {
                    stack[stack.count - 1].next += 1
                    let child = imports[next]
                    if state[child] == 0 {
                        state[child] = 1
                        stack.append((child, 0))
                    }
                } else {
                    stack.removeLast()
                    state[position] = 2
                    order.append(position)
                }
            }
        }
        return order
    }

    private func orderedUnique(_ values: [Int]) -> [Int] {
        var seen: Set<Int> = []
        return values.filter { seen.insert($0).inserted }
    }
}

/// The Swift files of a flow grouped as the compiler sees them: modules, each with its own files and those of the
/// modules it imports, by index into the list of files planned.
package struct ModulePlan: Sendable, Equatable {
    /// One module: a target's files and what it can see.
    package struct Module: Sendable, Equatable {
        /// The target's name; `nil` for the files no project description covers (seen by every module).
        package var name: String?
        /// The files the target compiles.
        package var files: [Int]
        /// The files of the modules it imports (and of no project), which its own files' names shadow.
        package var imported: [Int]

        package init(name: String?, files: [Int], imported: [Int]) {
            self.name = name
            self.files = files
            self.imported = imported
        }
    }

    /// The modules, each after the modules it imports.
    package var modules: [Module]
    /// Files under a project's folder that no target compiles.
    package var uncompiled: [Int] = []
    /// Files that only test targets compile.
    package var testsOnly: [Int] = []
    /// The test targets, each as a module with what it imports: their code is no app code, but it uses Realm too.
    package var tests: [Module] = []

    package init(modules: [Module], uncompiled: [Int] = [], testsOnly: [Int] = [], tests: [Module] = []) {
        self.modules = modules
        self.uncompiled = uncompiled
        self.testsOnly = testsOnly
        self.tests = tests
    }
}
