import SwiftSourceSyntax

/// One type of the file as the threading conversion sees it: its declaration (extensions in the same file merged
/// in), the Realms and queues it stores, and its methods.
struct ScannedType {
    var name: String
    var line: Int
    var functions: [FunctionDeclaration] = []
    /// Stored properties that hold a Realm (`let realm = try! Realm()`, `var realm: Realm`).
    var storedRealms: Set<String> = []
    /// Stored properties that hold a dispatch or operation queue.
    var storedQueues: Set<String> = []
    /// Whether the type (or one of its extensions) is an actor or main-actor isolated already.
    var kind: TypeDeclarationKind

    /// Reads every type of a parsed file, nested ones too, merging a type's extensions into it.
    static func scan(_ declarations: [Declaration]) -> [ScannedType] {
        var order: [String] = []
        var types: [String: ScannedType] = [:]
        func visit(_ declarations: [Declaration], prefix: String) {
            for declaration in declarations {
                switch declaration {
                case .type(let type):
                    let name = type.kind == .extension || prefix.isEmpty ? type.name : "\(prefix).\(type.name)"
                    if types[name] == nil {
                        order.append(name)
                        types[name] = ScannedType(name: name, line: type.line, kind: type.kind)
                    }
                    if type.kind != .extension { types[name]?.line = type.line }
                    types[name]?.read(type.members)
                    visit(type.members, prefix: name)
                case .conditional(let block):
                    for clause in block.clauses { visit(clause.declarations, prefix: prefix) }
                default: continue
                }
            }
        }
        visit(declarations, prefix: "")
        return order.compactMap { types[$0] }
    }

    private mutating func read(_ members: [Declaration]) {
        for member in members {
            switch member {
            case .function(let function) where function.keyword == "func" || function.keyword == "init":
                functions.append(function)
            case .variable(let variable) where !variable.modifiers.contains("static"):
                let typeName = variable.type?.optionalBase
                let initializer = variable.initializerText ?? ""
                if typeName == "Realm"
                    || (initializer.contains("Realm(") && !initializer.contains("Realm.Configuration"))
                {
                    storedRealms.insert(variable.name)
                }
                if ["DispatchQueue", "OperationQueue"].contains(typeName ?? "")
                    || initializer.hasPrefix("DispatchQueue(") || initializer.hasPrefix("OperationQueue(")
                {
                    storedQueues.insert(variable.name)
                }
            case .conditional(let block):
                for clause in block.clauses { read(clause.declarations) }
            default: continue
            }
        }
    }
}

extension TypeSyntax {
    /// The base name of a named type or of the optional it is wrapped in (`Realm` for `Realm?` and `Realm!`).
    var optionalBase: String? {
        if case .optional(let wrapped) = self { return wrapped.baseName }
        return baseName
    }
}
