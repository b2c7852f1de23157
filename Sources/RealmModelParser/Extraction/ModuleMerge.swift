import RealmSchema
import SwiftDataCodegen
import SwiftSourceSyntax

/// Joins the schemas extracted module by module into one: each model taken from the module that declares it (once,
/// however many targets compile its file), a model named like one already taken named apart after its target, and
/// every link resolved as that module's code sees it.
struct ModuleMerge {
    private(set) var objects: [ModelClass] = []
    private(set) var enums: [EnumSchema] = []
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var targetImporters: [TargetImporter] = []
    /// The names that differ in each file's module's view, by file.
    private(set) var modelNamesInFile: [String: [String: String]] = [:]
    /// Final names by declaration (`file:line`).
    private var names: [String: String] = [:]
    /// Final names of each module's own models, by module and Realm name: for module-qualified links.
    private var moduleModels: [String: [String: String]] = [:]
    private var takenNames: Set<String> = []
    private var seenDiagnostics: Set<String> = []
    private var seenEnums: Set<String> = []
    /// The Realm configurations of the modules' own files, the models they name as the merged schema names them.
    private var configurations: [ConfigurationCandidate] = []

    private static func identity(_ location: SourceLocation?) -> String? {
        location.map { "\($0.file):\($0.line)" }
    }

    /// Adds what one module's extraction found; `ownFiles` are the module's own files (the others it saw are
    /// imported, and their module adds their models). For the files that no target compiles (`compiled` false), a
    /// model is converted only when no compiled model has its name: it is most likely dead code, but a description
    /// read wrong must not lose a model.
    mutating func add(
        _ result: RealmModelParser.Result, module: String?, ownFiles: Set<String>, compiled: Bool = true
    ) {
        // Files no target compiles are no module: a name they declare twice redeclares nothing. The module's choice
        // of a configuration is made again over all modules (``result``), with its own diagnostics.
        let choiceDiagnostics = Set(result.configurationDiagnostics.map(\.description))
        for diagnostic in result.diagnostics
        where ownFiles.contains(diagnostic.location.file)
            && (compiled || !diagnostic.message.contains("is declared again"))
            && !choiceDiagnostics.contains(diagnostic.description)
        {
            if seenDiagnostics.insert(diagnostic.description).inserted { diagnostics.append(diagnostic) }
        }
        var view: [String: String] = [:]
        var added: [Int] = []
        var renamed = false
        /// Models another module added from a file this one compiles too (not one it imports), as this module reads
        /// them.
        var shared: [ModelClass] = []
        for var object in result.schema.objectTypes {
            guard let identity = Self.identity(object.sourceLocation) else { continue }
            if let name = names[identity] {
                view[object.name] = name
                renamed = renamed || name != object.name
                if let file = object.sourceLocation?.file, ownFiles.contains(file) { shared.append(object) }
                continue
            }
            guard let file = object.sourceLocation?.file, ownFiles.contains(file) else { continue }
            let realmName = object.name
            if !compiled {
                let taken = takenNames.contains(realmName)
                diagnostics.append(
                    Diagnostic(
                        .warning, object.sourceLocation ?? SourceLocation(file: file, line: 0),
                        "'\(realmName)' is a Realm model in a file that no target of the project compiles: "
                            + (taken
                                ? "not converted (the model of that name at \(firstLocation(of: realmName)) is)"
                                : "converted anyway, in case a target does compile it; delete it from the output "
                                    + "if it is not the app's")))
                if taken { continue }
            } else if takenNames.contains(realmName) {
                object.name = uniqueName(realmName, module: module)
                object.realmClassName = realmName
                renamed = true
                diagnostics.append(
                    Diagnostic(
                        .warning, object.sourceLocation ?? SourceLocation(file: file, line: 0),
                        "'\(realmName)' is also a Realm model of another target (\(firstLocation(of: realmName))); "
                            + "this one\(module.map { " (target '\($0)')" } ?? "") is converted as '\(object.name)', "
                            + "still reading the Realm class '\(realmName)'"
                            + (module.map {
                                ": migrate the target's Realm file with `\(TargetImporter(target: $0, classNames: []).importerTypeName)`"
                            } ?? "")
                    ))
            }
            takenNames.insert(object.name)
            names[identity] = object.name
            if let module { moduleModels[module, default: [:]][realmName] = object.name }
            view[realmName] = object.name
            added.append(objects.count)
            objects.append(object)
        }
        for index in added {
            for position in objects[index].properties.indices {
                guard let target = objects[index].properties[position].property.objectClassName else { continue }
                objects[index].properties[position].property.objectClassName = resolved(target, view: view)
            }
            if let superclass = objects[index].superclassName {
                objects[index].superclassName = resolved(superclass, view: view)
            }
        }
        reportLinksSeenOtherwise(in: shared, view: view, module: module)
        if renamed {
            let differing = view.filter { $0.key != $0.value }
            for file in ownFiles where !differing.isEmpty { modelNamesInFile[file] = differing }
        }
        if renamed, let module {
            let visible = Set(view.values)
            targetImporters.append(
                TargetImporter(target: module, classNames: objects.map(\.name).filter { visible.contains($0) }))
        }
        for schema in result.schema.enumTypes ?? [] where seenEnums.insert(schema.name).inserted {
            enums.append(schema)
        }
        for var candidate in result.configurations where ownFiles.contains(candidate.location.file) {
            guard !configurations.contains(where: { $0.location == candidate.location }) else { continue }
            candidate.block?.renameModels(view)
            configurations.append(candidate)
        }
    }

    /// A model whose file two targets compile is generated once, its links as the first target sees them; where
    /// another target's code sees a different model under a link's name (its own `CoinTicker`, named apart), a
    /// warning says which model the link goes to.
    private mutating func reportLinksSeenOtherwise(in shared: [ModelClass], view: [String: String], module: String?) {
        for object in shared {
            guard let identity = Self.identity(object.sourceLocation),
                let generated = objects.first(where: { Self.identity($0.sourceLocation) == identity })
            else { continue }
            for property in object.properties {
                guard let target = property.property.objectClassName,
                    let linked = generated[property: property.name]?.property.objectClassName
                else { continue }
                let seen = resolved(target, view: view)
                guard seen != linked else { continue }
                let message =
                    "'\(generated.name).\(property.name)' links to '\(linked)'; target '\(module ?? "?")' compiles "
                    + "the same file and sees '\(seen)' under the name '\(target)': its importer moves these links "
                    + "into '\(linked)' objects"
                let location = property.sourceLocation ?? generated.sourceLocation ?? SourceLocation(file: "", line: 0)
                let diagnostic = Diagnostic(.warning, location, message)
                if seenDiagnostics.insert(diagnostic.description).inserted { diagnostics.append(diagnostic) }
            }
        }
    }

    /// The final name of the model a link names: `Module.Name` is that module's model, any other name the one the
    /// module's `view` sees.
    private func resolved(_ name: String, view: [String: String]) -> String {
        if let dot = name.firstIndex(of: "."), !name.hasSuffix("."),
            let model = moduleModels[String(name[..<dot])]?[String(name[name.index(after: dot)...])]
        {
            return model
        }
        return view[name] ?? name
    }

    /// Reports the Realm models of files that only test targets compile, which are not converted.
    mutating func reportTestsOnly(_ result: RealmModelParser.Result) {
        for object in result.schema.objectTypes {
            guard let location = object.sourceLocation else { continue }
            diagnostics.append(
                Diagnostic(
                    .warning, location,
                    "'\(object.name)' is a Realm model in a file that only test targets compile: not converted (add "
                        + "the file to an app target, or convert it on its own)"))
        }
    }

    private func firstLocation(of name: String) -> String {
        objects.first { $0.name == name }?.sourceLocation?.description ?? name
    }

    private func uniqueName(_ name: String, module: String?) -> String {
        let base = "\(TargetImporter.typeNamePrefix(module ?? "Other"))\(name)"
        var candidate = base
        var number = 2
        while takenNames.contains(candidate) {
            candidate = "\(base)\(number)"
            number += 1
        }
        return candidate
    }

    /// The merged schema and diagnostics, in file and line order.
    var result: RealmModelParser.Result {
        var schema = ModelSchema(objectTypes: objects, enumTypes: enums.isEmpty ? nil : enums)
        schema.targetImporters = targetImporters.isEmpty ? nil : targetImporters
        let choice = ConfigurationChoice(configurations)
        schema.version = choice.version
        schema.realmConfiguration = choice.configuration
        var result = RealmModelParser.Result(
            schema: schema, diagnostics: Diagnostic.ordered(diagnostics + choice.diagnostics))
        result.modelNamesInFile = modelNamesInFile
        result.configurations = configurations
        result.configurationDiagnostics = choice.diagnostics
        return result
    }
}

extension RealmModelParser {
    /// Parses the model classes of `files` module by module, as the compiler resolves names: each module's own
    /// files with those of the modules it imports. A type of one module never hides another module's model; a
    /// model named like another module's is converted too, named apart after its target (``ModelClass/realmClassName``
    /// keeps the Realm class it reads), with an importer per such target (``ModelSchema/targetImporters``). The
    /// Realm models of files that only test targets compile are reported, not converted; those of files that no target
    /// compiles are converted when no compiled model has their name (reported either way).
    /// - Parameters:
    ///   - files: The Swift source files (Objective-C models, whose class names are global, join the result through
    ///     ``adding(objectiveC:to:testOnlyFiles:)``).
    ///   - modules: How they group into modules (indices into `files`), from the project's descriptions.
    package static func parse(_ files: [SourceFile], modules plan: ModulePlan) -> Result {
        if plan.modules.count <= 1, plan.uncompiled.isEmpty, plan.testsOnly.isEmpty,
            plan.modules.first.map({ $0.imported.isEmpty && $0.files.count == files.count }) ?? true
        {
            return parse(files)
        }
        // Each file is lexed and parsed once, however many modules see it.
        let parsed = files.map(ModelExtractor.ParsedSource.init)
        var merge = ModuleMerge()
        var modulesOfFile: [String: [String]] = [:]
        for module in plan.modules {
            guard let name = module.name else { continue }
            for index in module.files where files.indices.contains(index) {
                modulesOfFile[files[index].path, default: []].append(name)
            }
        }
        for module in plan.modules {
            var extractor = ModelExtractor()
            extractor.modulesOfFile = modulesOfFile
            let own = module.files.filter(files.indices.contains).map { files[$0] }
            extractor.ownFiles = Set(own.map(\.path))
            for index in module.files + module.imported where parsed.indices.contains(index) {
                extractor.add(parsed[index])
            }
            merge.add(extractor.extract(), module: module.name, ownFiles: Set(own.map(\.path)))
        }
        if !plan.uncompiled.isEmpty {
            var extractor = ModelExtractor()
            let own = plan.uncompiled.filter(files.indices.contains).map { files[$0] }
            extractor.ownFiles = Set(own.map(\.path))
            // The uncompiled files, then every compiled file once (a file of several targets is one declaration).
            var added: Set<Int> = []
            for index in plan.uncompiled + plan.modules.flatMap(\.files)
            where parsed.indices.contains(index) && added.insert(index).inserted {
                extractor.add(parsed[index])
            }
            merge.add(extractor.extract(), module: nil, ownFiles: Set(own.map(\.path)), compiled: false)
        }
        if !plan.testsOnly.isEmpty {
            merge.reportTestsOnly(parse(plan.testsOnly.filter(files.indices.contains).map { files[$0] }))
        }
        return merge.result
    }
}
