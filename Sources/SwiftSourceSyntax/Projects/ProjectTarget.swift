/// One target of an app's project (an Xcode target, a SwiftPM target, an XcodeGen target): the Swift files it
/// compiles into one module, and the targets whose modules it imports.
package struct ProjectTarget: Sendable, Hashable {
    /// What the target builds, as far as name resolution cares.
    package enum Kind: String, Sendable, Hashable {
        /// An app (iOS, watchOS, macOS) or a command-line tool.
        case application
        /// An app extension (widget, share, notification, iMessage, intents…): embedded, never imported.
        case appExtension
        /// A framework or a library: what other targets import.
        case library
        /// Unit or UI tests: their files are not the app's.
        case test
        /// Anything else (aggregates, bundles).
        case other
    }

    /// The target's name (and, for name resolution, its module's).
    package var name: String
    /// What the target builds.
    package var kind: Kind
    /// The project description that declares it, as given (for messages).
    package var declaredIn: String
    /// Files the target compiles, by standardized path.
    package var files: Set<String> = []
    /// Folders all of whose Swift files the target compiles (SwiftPM and XcodeGen sources, Xcode's synchronized
    /// folders), by standardized path.
    package var folders: [String] = []
    /// Files and folders under ``folders`` that the target leaves out, by standardized path.
    package var excluded: [String] = []
    /// The names of the targets whose modules this one imports (frameworks and libraries it depends on).
    package var imports: [String] = []

    /// Creates a target that compiles nothing yet.
    package init(name: String, kind: Kind, declaredIn: String) {
        self.name = name
        self.kind = kind
        self.declaredIn = declaredIn
    }

    /// Whether the target compiles the Swift file at `path` (standardized).
    package func compiles(_ path: String) -> Bool {
        if files.contains(path) { return true }
        guard folders.contains(where: { ProjectPaths.isInside(path, $0) }) else { return false }
        return !excluded.contains { $0 == path || ProjectPaths.isInside(path, $0) }
    }
}

/// Path arithmetic on standardized, `/`-separated paths.
package enum ProjectPaths {
    /// Whether `path` is inside the folder `folder` (not the folder itself).
    package static func isInside(_ path: String, _ folder: String) -> Bool {
        if folder.isEmpty { return !path.isEmpty && !path.hasPrefix("/") }
        if folder == "/" { return path.count > 1 && path.hasPrefix("/") }
        return path.hasPrefix(folder + "/")
    }

    /// `relative` resolved against the folder `base`: `..` and `.` components applied, an absolute `relative` kept.
    package static func join(_ base: String, _ relative: String) -> String {
        let start = relative.hasPrefix("/") ? "" : base
        var components: [Substring] = []
        for component in (start + "/" + relative).split(separator: "/") {
            switch component {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(component)
            }
        }
        let joined = components.joined(separator: "/")
        return base.hasPrefix("/") || relative.hasPrefix("/") ? "/" + joined : joined
    }

    /// The folder that holds `path`.
    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
