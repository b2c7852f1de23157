import SwiftDataCodegen
import SwiftSourceSyntax

/// Turns types that use Realm off the main thread into `@ModelActor` drafts (the guide's Part 2, "Realm threading →
/// Swift concurrency", done by a tool).
///
/// For each type in a Swift file whose methods open Realm on background queues (`DispatchQueue.global().async`,
/// `DispatchQueue(label:)` and stored queues, `OperationQueue`, `Realm(queue:)`, `Realm.asyncOpen`, `writeAsync`,
/// `Task.detached`, a stored Realm used from closures, methods that take a `Realm`), it generates an actor with the
/// same operations: reads and writes it can re-express use the actor's `ModelContext`, objects handed to the main
/// queue become `PersistentIdentifier`s (or the values mapped from them), `ThreadSafeReference`/`freeze()`/`thaw()`
/// become identifier hand-offs; every other method is a typed skeleton with its original body in a comment and a
/// reason in ``ActorOperationDraft/notes``.
///
/// **Naming.** The actor is the type's name without a leading `Realm` (`RealmDataManager` → `DataManager`) followed
/// by `Store` (`DataManagerStore`); a name that already ends in `Store` gets `Actor` instead (`TrackStore` →
/// `TrackStoreActor`). A name taken by a type of the file, a model of the catalog, a name in `reservedNames` or an
/// earlier draft gets `2`, `3`, … appended.
///
/// ```swift
/// let models = try ModelConversion(inputs: [modelsFolder]).run()
/// let conversion = RealmThreadingConversion(catalog: models.catalog)
/// let result = conversion.convert(source: text, file: "DataManager.swift")
/// for draft in result.drafts { print(draft.actorName, draft.convertedCount, draft.source) }
/// ```
public struct RealmThreadingConversion: Sendable {
    /// The app's models.
    public var catalog: GeneratedModelCatalog
    /// Type names the generated actors must not take (e.g. every type the app declares).
    public var reservedNames: Set<String>

    /// Creates a conversion for an app's models.
    public init(catalog: GeneratedModelCatalog, reservedNames: Set<String> = []) {
        self.catalog = catalog
        self.reservedNames = reservedNames
    }

    /// Finds the background Realm types of one file and drafts an actor for each.
    ///
    /// - Parameters:
    ///   - source: The file's text (untrusted: anything that does not parse is reported in `problems`).
    ///   - file: The file's name or path, as it should appear in the drafts.
    public func convert(source: String, file: String) -> ThreadingConversionResult {
        let lexer = Lexer.tokenize(source)
        var parser = DeclarationParser(lexer: lexer)
        let declarations = parser.parseFile()
        let problems = (lexer.problems + parser.problems).map { "\($0.line): \($0.message)" }
        let types = ScannedType.scan(declarations)
        var taken = reservedNames.union(Set(catalog.classes.map(\.swiftName))).union(
            types.map { $0.name.split(separator: ".").last.map(String.init) ?? $0.name })
        var drafts: [ModelActorDraft] = []
        for type in types where type.kind != .protocol {
            let uses = BackgroundUseFinder.uses(in: type, lexer: lexer)
            guard !uses.isEmpty else { continue }
            let name = Self.actorName(for: type.name, taken: taken)
            taken.insert(name)
            drafts.append(draft(type, uses: uses, actorName: name, file: file, lexer: lexer))
        }
        return ThreadingConversionResult(file: file, drafts: drafts, problems: problems)
    }

    private func draft(
        _ type: ScannedType, uses: [BackgroundRealmUse], actorName: String, file: String, lexer: Lexer
    ) -> ModelActorDraft {
        var plans: [OperationPlan] = []
        var notes: [String] = []
        for function in type.functions {
            let body = TokenRun(function.body[...], lexer)
            let takesRealm = function.parameters.contains {
                if case .realm = $0.role(catalog) { return true }
                if case .reference = $0.role(catalog) { return true }
                return false
            }
            guard BackgroundUseFinder.usesRealm(body, type: type) || takesRealm else { continue }
            if function.keyword == "init" {
                notes.append(
                    "`\(function.name)` (line \(function.line)) is replaced by `init(modelContainer:)`: create the "
                        + "actor once per container and share it")
                continue
            }
            if function.modifiers.contains("static") || function.modifiers.contains("class") {
                notes.append("`static func \(function.name)` (line \(function.line)) is left out: it has no context")
                continue
            }
            var reader = OperationReader(function: function, type: type, catalog: catalog, lexer: lexer)
            plans.append(reader.plan())
        }
        for stored in type.storedRealms.sorted() {
            notes.append("the stored Realm `\(stored)` is replaced by the actor's `modelContext`")
        }
        let operations = plans.map { plan in
            ActorOperationDraft(
                original: plan.original, line: plan.line, declaration: plan.declaration,
                outcome: plan.skeletonReason == nil ? .converted : .skeleton,
                notes: (plan.skeletonReason.map { ["not converted: \($0)"] } ?? []) + plan.notes,
                pendingQueries: plan.pendingQueries)
        }
        return ModelActorDraft(
            originalType: type.name, line: type.line, actorName: actorName, backgroundUses: uses,
            operations: operations, notes: notes,
            source: ActorSourceWriter.source(actorName: actorName, type: type, file: file, plans: plans))
    }

    /// The actor name for a type (see the naming rule above).
    static func actorName(for typeName: String, taken: Set<String>) -> String {
        var base = String(typeName.split(separator: ".").last ?? Substring(typeName))
        if base.hasPrefix("Realm"), base.count > 5, base.dropFirst(5).first?.isUppercase == true {
            base = String(base.dropFirst(5))
        }
        let name = base.hasSuffix("Store") ? base + "Actor" : base + "Store"
        guard taken.contains(name) else { return name }
        var number = 2
        while taken.contains("\(name)\(number)") { number += 1 }
        return "\(name)\(number)"
    }
}
