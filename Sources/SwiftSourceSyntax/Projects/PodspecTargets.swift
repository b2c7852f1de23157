import Foundation

/// Reads a CocoaPods development pod from its `.podspec`, as written (the Ruby is not run): its `name`,
/// `source_files` globs (`'Modules/Core/**/*.{h,m,swift}'` is the folder `Modules/Core`) and `dependency` names.
/// Every app and extension target of the tree is taken to import it (the Podfile, which says which, is not read).
package enum PodspecTargets {
    /// The pod the `.podspec` `text` at the standardized `path` declares, or `nil` without a name.
    package static func target(in text: String, path: String) -> ProjectTarget? {
        let root = ProjectPaths.folder(of: path)
        var name: String?
        var globs: [String] = []
        var dependencies: [String] = []
        var pendingSources = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let quoted = Self.quoted(code)
            if pendingSources {
                globs += quoted
                if code.contains("]") { pendingSources = false }
            } else if let attribute = Self.attribute(code) {
                switch attribute {
                case "name" where name == nil: name = quoted.first
                case "source_files":
                    globs += quoted
                    pendingSources = code.contains("[") && !code.contains("]")
                default: break
                }
            } else if code.contains(".dependency"), let dependency = quoted.first {
                dependencies.append(dependency)
            }
        }
        guard let name else { return nil }
        var target = ProjectTarget(name: name, kind: .library, declaredIn: path)
        for glob in globs {
            let fixed = glob.split(separator: "/").prefix { !$0.contains("*") && !$0.contains("{") }
                .joined(separator: "/")
            if fixed == glob, glob.hasSuffix(".swift") {
                target.files.insert(ProjectPaths.join(root, glob))
            } else {
                target.folders.append(ProjectPaths.join(root, fixed))
            }
        }
        target.imports = dependencies
        return target
    }

    /// `name` for a line `spec.name = …` (any receiver).
    private static func attribute(_ line: Substring) -> String? {
        guard let equals = line.firstIndex(of: "="), line[line.index(after: equals)...].first != "=" else { return nil }
        let left = line[..<equals].trimmingCharacters(in: .whitespaces)
        guard let dot = left.lastIndex(of: "."), !left.contains(" ") else { return nil }
        return String(left[left.index(after: dot)...])
    }

    /// The single- or double-quoted strings of a line, in order.
    private static func quoted(_ line: Substring) -> [String] {
        var result: [String] = []
        var current: String?
        var quote: Character = "'"
        for character in line {
            if var text = current {
                if character == quote {
                    result.append(text)
                    current = nil
                } else {
                    text.append(character)
                    current = text
                }
            } else if character == "'" || character == "\"" {
                quote = character
                current = ""
            }
        }
        return result
    }
}
