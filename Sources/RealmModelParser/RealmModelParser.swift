import RealmSchema
import SwiftDataCodegen

/// Reads Realm model declarations from source files into the generator's `ModelSchema` (the neutral `Schema` plus
/// what the source says about it): Swift (the modern `@Persisted` style and the legacy `@objc dynamic` style) and
/// Objective-C (`RLMObject` subclasses in `.h`, `.m` and `.mm` files; see ``adding(objectiveC:to:)``).
///
/// The parser is a focused tokenizer and declaration reader, not a compiler: it understands every construct a Realm
/// model can use (see `docs/swiftdata-models.md`) and steps over everything else real code contains (methods,
/// computed properties, extensions, protocols, nested types, `#if` blocks, strings and comments of every kind).
/// It never stops at the first problem: each one becomes a `Diagnostic` with `file:line`, and everything else is
/// still converted.
///
/// ```swift
/// let result = RealmModelParser.parse([.init(path: "Track.swift", text: source)])
/// for diagnostic in result.diagnostics { print(diagnostic) }
/// let schema = result.schema
/// ```
public enum RealmModelParser {
    /// One source file to read.
    public struct SourceFile: Sendable, Hashable {
        /// The path shown in diagnostics.
        public var path: String
        /// The file's text.
        public var text: String

        /// Creates a source file from its path and text.
        public init(path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    /// What the parser found.
    public struct Result: Sendable {
        /// The model classes (in file order, then declaration order) and the enums their properties use.
        public var schema: ModelSchema
        /// Problems and remarks, in file and line order.
        public var diagnostics: [Diagnostic]
        /// For the files of targets that see a model named apart (``ModelClass/realmClassName``): the name that
        /// target's code writes → the model's name (`CoinTicker` → `TickerWidgetCoinTicker`), by file path.
        package var modelNamesInFile: [String: [String: String]] = [:]
        /// Every Realm configuration the files build that sets a schema version or a migration block, before the
        /// choice of one (`schema.realmConfiguration`), for merging the modules' views.
        var configurations: [ConfigurationCandidate] = []
        /// The diagnostics of that choice (also in ``diagnostics``): a merge of modules makes its own.
        var configurationDiagnostics: [Diagnostic] = []
    }

    /// Parses the model classes declared in `files` (Swift, and Objective-C by extension: `.h`, `.m`, `.mm`). Types
    /// may refer to types in other files of the set, in either language.
    /// - Parameter files: the source files, in the order their classes should appear in the schema.
    /// - Returns: the schema and every diagnostic; never throws, whatever the input.
    public static func parse(_ files: [SourceFile]) -> Result {
        var extractor = ModelExtractor()
        for file in files where !isObjectiveC(file.path) { extractor.add(file) }
        return adding(objectiveC: files.filter { isObjectiveC($0.path) }, to: extractor.extract())
    }
}
