import ObjectiveCSourceSyntax

/// The Objective-C half of the audit: every `.h`, `.m` and `.mm` file read together (the model classes and the
/// app's classes of all of them, the headers each imports), then each file that sees Realm scanned.
struct ObjectiveCAudit: Sendable {
    /// One file's result.
    struct FileResult: Sendable {
        /// Whether the file sees Realm (imports it, or a header that does).
        var seesRealm: Bool
        /// Whether it imports Realm itself.
        var importsRealm: Bool
        var findings: [RealmAuditFinding]
        var diagnostics: [RealmAuditDiagnostic]
    }

    /// What one file says about Realm and its neighbours, read once (its tokens are not kept).
    struct Summary: Sendable {
        /// Whether it imports Realm or names its classes.
        var importsRealm: Bool
        /// The headers it imports, by file name.
        var headers: [String]
        /// The classes it declares (primary interfaces, extensions, categories).
        var interfaces: [ObjectiveCInterface]
    }

    private let paths: [String]
    private let texts: [String]
    /// The tokens of the files that see Realm (the others are never scanned).
    private let lexed: [Int: ObjectiveCLexer]
    private let summaries: [Summary]
    private let context: ObjectiveCRealmScanner.Context
    private let visible: [Bool]
    /// File name → the files of that name.
    private let byFileName: [String: [Int]]

    /// Reads one file's summary: what `init(paths:texts:summaries:)` needs of every file.
    static func summary(_ text: String) -> Summary {
        let tokens = ObjectiveCLexer.tokenize(text).tokens
        // A file without `@interface` declares no class: the declaration reader is spared it.
        let interfaces = text.contains("@interface") ? ObjectiveCDeclarationReader.read(text).interfaces : []
        return Summary(
            importsRealm: ObjectiveCRealmReach.importsRealm(tokens),
            headers: ObjectiveCRealmReach.importedHeaders(tokens), interfaces: interfaces)
    }

    /// Reads the files (`paths` relative to their audited folders, `texts` parallel).
    init(paths: [String], texts: [String]) {
        self.init(paths: paths, texts: texts, summaries: texts.map(Self.summary))
    }

    /// Reads the files whose summaries (``summary(_:)``, computed concurrently by the caller) are given.
    init(paths: [String], texts: [String], summaries: [Summary]) {
        self.paths = paths
        self.texts = texts
        self.summaries = summaries
        let models = ObjectiveCModelFindings.models(in: summaries.map(\.interfaces))
        let classes = Set(summaries.flatMap { $0.interfaces.map(\.name) }).subtracting(models)
        let visible = ObjectiveCRealmReach.visible(
            paths: paths, importsRealm: summaries.map(\.importsRealm), headers: summaries.map(\.headers))
        self.visible = visible
        var lexed: [Int: ObjectiveCLexer] = [:]
        var methodReturns = ObjectiveCDeclaredTypes()
        for index in texts.indices where visible[index] {
            let lexer = ObjectiveCLexer.tokenize(texts[index])
            lexed[index] = lexer
            methodReturns.merge(ObjectiveCDeclaredTypes.methodReturns(tokens: lexer.tokens, models: models))
        }
        self.lexed = lexed
        context = ObjectiveCRealmScanner.Context(models: models, appClasses: classes, methodReturns: methodReturns)
        byFileName = Dictionary(grouping: paths.indices) { ObjectiveCRealmReach.fileName(paths[$0]) }
    }

    /// How many files there are.
    var count: Int { paths.count }

    /// Scans file `index` (nothing when it does not see Realm).
    func scan(_ index: Int) -> FileResult {
        guard visible[index], let tokens = lexed[index]?.tokens else {
            return FileResult(seesRealm: false, importsRealm: false, findings: [], diagnostics: [])
        }
        // Names typed by the file's own declarations and by those of the headers it imports (its class's
        // properties declared in its header).
        var declared = ObjectiveCDeclaredTypes(tokens: tokens, models: context.models)
        let imported = Set(ObjectiveCRealmReach.importedHeaders(tokens))
        for other in imported.flatMap({ byFileName[$0] ?? [] }) where other != index {
            // A header that sees no Realm is lexed here, for its declarations only.
            let headerTokens = lexed[other]?.tokens ?? ObjectiveCLexer.tokenize(texts[other]).tokens
            declared.merge(ObjectiveCDeclaredTypes(tokens: headerTokens, models: context.models))
        }
        var scanner = ObjectiveCRealmScanner(
            path: paths[index], text: texts[index], tokens: tokens, context: context, declared: declared)
        let models = ObjectiveCModelFindings.findings(
            of: summaries[index].interfaces, models: context.models, tokens: tokens, scanner: scanner)
        scanner.modelPropertyLines = Set(models.map(\.line))
        scanner.scan()
        let diagnostics = (lexed[index]?.problems ?? []).map {
            RealmAuditDiagnostic(file: paths[index], line: $0.line, message: $0.message)
        }
        return FileResult(
            seesRealm: true, importsRealm: ObjectiveCRealmReach.importsRealm(tokens),
            findings: models + scanner.findings, diagnostics: diagnostics)
    }
}
