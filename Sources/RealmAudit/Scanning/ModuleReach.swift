import SwiftSourceSyntax

/// How each audited file reaches Realm, and the declarations of each module that uses Realm, which type the names
/// its files use but do not declare.
struct ModuleReach: Sendable {
    /// Per file: how it reaches Realm.
    var files: [RealmReach]
    /// Per file: whether it imports `RealmSwift` or `Realm` itself.
    var importsRealm: [Bool]
    /// The symbols of each module that uses Realm.
    var symbols: [ModuleSymbols]
    /// Per file: the index in `symbols` of the module that compiles it, when that module uses Realm.
    var moduleOfFile: [Int?]

    /// A module uses Realm when one of the files it compiles or sees imports (or re-exports) it; its files that
    /// import no Realm reach it through the module's declarations, or through a re-export.
    /// - Parameter symbolsOf: reads one file's symbols (given whether Realm's names are visible in it); called
    ///   only for the files of modules that use Realm.
    static func plan(
        texts: [String], modules: ModulePlan, symbolsOf: ([Int], [Bool]) async throws -> [Int: FileSymbols]
    ) async throws -> ModuleReach {
        let imports = texts.map { RealmSourceScanner.importsRealm(Lexer.tokenize($0).tokens) }
        let reexports = Set(texts.indices.filter { RealmSourceScanner.reexportsRealm(texts[$0]) })
        var seesReexport = [Bool](repeating: false, count: texts.count)
        var realmModules: [ModulePlan.Module] = []
        // The files under a project that no target compiles (a stale file left in the folder) are read with what
        // the project's targets declare, as one module that sees them all.
        var stale: [ModulePlan.Module] = []
        if !modules.uncompiled.isEmpty {
            let compiled = Set(modules.modules.flatMap(\.files)).subtracting(modules.uncompiled)
            stale.append(ModulePlan.Module(name: nil, files: modules.uncompiled, imported: compiled.sorted()))
        }
        for module in modules.modules + modules.tests + stale {
            let view = module.files + module.imported
            let inRange = view.filter { texts.indices.contains($0) }
            if !reexports.isDisjoint(with: inRange) {
                for file in module.files where texts.indices.contains(file) { seesReexport[file] = true }
            }
            if inRange.contains(where: { imports[$0] || reexports.contains($0) }) { realmModules.append(module) }
        }
        let visible = texts.indices.map { imports[$0] || seesReexport[$0] }
        let needed = Set(realmModules.flatMap { $0.files + $0.imported }).filter { texts.indices.contains($0) }
        let fileSymbols = try await symbolsOf(needed.sorted(), visible)
        var symbols: [ModuleSymbols] = []
        var moduleOfFile = [Int?](repeating: nil, count: texts.count)
        for module in realmModules {
            symbols.append(
                ModuleSymbols(
                    own: module.files.compactMap { fileSymbols[$0] },
                    imported: module.imported.compactMap { fileSymbols[$0] }
                ))
            for file in module.files where texts.indices.contains(file) && moduleOfFile[file] == nil {
                moduleOfFile[file] = symbols.count - 1
            }
        }
        let reach: [RealmReach] = texts.indices.map { file in
            if imports[file] { return .byImport }
            if seesReexport[file] { return .byReexport }
            return moduleOfFile[file] == nil ? .byImport : .throughModule
        }
        return ModuleReach(files: reach, importsRealm: imports, symbols: symbols, moduleOfFile: moduleOfFile)
    }
}
