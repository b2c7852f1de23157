import ObjectiveCSourceSyntax

/// Which Objective-C files see Realm: those that import it (`#import <Realm/Realm.h>`, `#import "RLMObject.h"`,
/// `@import Realm;`) or declare its classes ahead (`@class RLMResults;`), and those that import, directly or not, a header of the audited files that does.
enum ObjectiveCRealmReach {
    /// Realm's class names: a file that names one sees Realm, however it does (a prefix header, an umbrella header
    /// outside the audited folders).
    static let realmClasses: Set<String> = [
        "RLMRealm", "RLMResults", "RLMObject", "RLMEmbeddedObject", "RLMArray", "RLMSet", "RLMDictionary",
        "RLMLinkingObjects", "RLMRealmConfiguration", "RLMNotificationToken", "RLMMigration",
        "RLMThreadSafeReference", "RLMSortDescriptor",
    ]

    /// Whether the tokens import Realm themselves, or name its classes.
    static func importsRealm(_ tokens: [ObjectiveCToken]) -> Bool {
        for (index, token) in tokens.enumerated() {
            if token.kind == .identifier, realmClasses.contains(token.text) { return true }
            if token.kind == .atKeyword, token.text == "@import", index + 1 < tokens.count,
                tokens[index + 1].isIdentifier("Realm")
            {
                return true
            }
            // `@class RLMRealm, RLMResults;`: a header that names Realm's types without importing them.
            if token.kind == .atKeyword, token.text == "@class", index + 1 < tokens.count,
                tokens[index + 1].kind == .identifier, tokens[index + 1].text.hasPrefix("RLM")
            {
                return true
            }
            guard let keyword = token.directiveKeyword, keyword == "#import" || keyword == "#include",
                let header = header(token.directiveArgument)
            else { continue }
            if header.hasPrefix("Realm/") || header == "Realm.h" || fileName(header).hasPrefix("RLM") { return true }
        }
        return false
    }

    /// The local headers a file imports, by file name (`"Dog.h"`, `<App/Dog.h>` → `Dog.h`).
    static func importedHeaders(_ tokens: [ObjectiveCToken]) -> [String] {
        tokens.compactMap { token in
            guard let keyword = token.directiveKeyword, keyword == "#import" || keyword == "#include",
                let header = header(token.directiveArgument)
            else { return nil }
            return fileName(header)
        }
    }

    /// For each file, whether it sees Realm, from whether it imports Realm and the headers it imports (parallel to
    /// `paths`).
    static func visible(paths: [String], importsRealm: [Bool], headers imports: [[String]]) -> [Bool] {
        var visible = importsRealm
        var changed = true
        while changed {
            changed = false
            let visibleHeaders = Set(paths.indices.filter { visible[$0] }.map { fileName(paths[$0]) })
            for index in paths.indices where !visible[index] && imports[index].contains(where: visibleHeaders.contains)
            {
                visible[index] = true
                changed = true
            }
        }
        return visible
    }

    /// `<Realm/Realm.h>` or `"Dog.h"` → the path inside the delimiters.
    private static func header(_ argument: String) -> String? {
        guard let first = argument.first, first == "<" || first == "\"" else { return nil }
        let closing: Character = first == "<" ? ">" : "\""
        let body = argument.dropFirst()
        guard let end = body.firstIndex(of: closing) else { return nil }
        return String(body[..<end])
    }

    /// The last path component.
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
