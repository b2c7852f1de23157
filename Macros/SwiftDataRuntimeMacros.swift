// The compiler plugin of the Linux SwiftData runtime (Sources/SwiftDataRuntime): `@Model`, `@_PersistedProperty`,
// `@Attribute`, `@Relationship`, `@Transient`, `#Unique`, `#Index`, `@ModelActor`.
//
// SwiftPM cannot build macro targets without the swift-syntax package, so this file lives outside `Sources/` and
// SwiftDataToolchain builds it with swiftc against the toolchain's SwiftSyntax host libraries
// (`<runtimeResourcePath>/host`) into a library that the compiler loads with `-load-plugin-library`.
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

struct ModelMacroError: Error, CustomStringConvertible {
    var description: String
}

/// One stored property that `@Model` persists.
struct PersistedProperty {
    /// The name without backticks.
    var name: String
    /// The name as written (backticks kept, so keywords such as `default` stay valid in key paths).
    var spelling: String
    var attributes: [AttributeSyntax]
}

/// The stored `var`s of a class that `@Model` persists, in declaration order: not static, not `@Transient`, not
/// computed, not observed, with a simple name.
func persistedProperties(of declaration: some DeclGroupSyntax) -> [PersistedProperty] {
    var result: [PersistedProperty] = []
    for member in declaration.memberBlock.members {
        guard let variable = member.decl.as(VariableDeclSyntax.self), isPersisted(variable) else { continue }
        let attributes = variable.attributes.compactMap { $0.as(AttributeSyntax.self) }
        for binding in variable.bindings {
            guard let spelling = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            result.append(PersistedProperty(name: unquoted(spelling), spelling: spelling, attributes: attributes))
        }
    }
    return result
}

func unquoted(_ name: String) -> String { String(name.filter { $0 != "`" }) }

func isPersisted(_ variable: VariableDeclSyntax) -> Bool {
    guard variable.bindingSpecifier.text == "var" else { return false }
    if variable.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) }) { return false }
    let names = variable.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
    if names.contains(where: { $0 == "Transient" || $0 == "SwiftData.Transient" || $0 == "_PersistedProperty" }) {
        return false
    }
    for binding in variable.bindings {
        if binding.accessorBlock != nil { return false }
        if binding.typeAnnotation?.type.trimmedDescription == "_SwiftDataNoType" { return false }
        if binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text.hasPrefix("_$") == true { return false }
    }
    return true
}

func attributeNamed(_ name: String, in attributes: [AttributeSyntax]) -> AttributeSyntax? {
    attributes.first {
        $0.attributeName.trimmedDescription == name || $0.attributeName.trimmedDescription == "SwiftData.\(name)"
    }
}

/// `extension T: SwiftData.<protocolName> {}` for an extension macro, or `message` as an error when the declaration
/// is not of the kind the macro applies to.
func conformance(
    of type: some TypeSyntaxProtocol, to protocolName: String, if applies: Bool, _ message: String
) throws -> [ExtensionDeclSyntax] {
    guard applies else { throw ModelMacroError(description: message) }
    return [try ExtensionDeclSyntax("extension \(type.trimmed): SwiftData.\(raw: protocolName) {}")]
}

/// `@Model`: the `PersistentModel` conformance, the backing data, the schema metadata, `init(backingData:)`, and
/// `@_PersistedProperty` on each persisted stored property.
public struct ModelMacro: ExtensionMacro, MemberMacro, MemberAttributeMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        try conformance(
            of: type, to: "PersistentModel", if: declaration.is(ClassDeclSyntax.self), "@Model applies to classes only")
    }

    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingAttributesFor member: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [AttributeSyntax] {
        guard declaration.is(ClassDeclSyntax.self), let variable = member.as(VariableDeclSyntax.self),
            isPersisted(variable), variable.bindings.count == 1,
            let spelling = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            case let name = unquoted(spelling),
            let index = persistedProperties(of: declaration).firstIndex(where: { $0.name == name })
        else { return [] }
        return ["@_PersistedProperty(index: \(raw: index))"]
    }

    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let classDeclaration = declaration.as(ClassDeclSyntax.self) else {
            throw ModelMacroError(description: "@Model applies to classes only")
        }
        let className = classDeclaration.name.text
        let properties = persistedProperties(of: declaration)
        for member in declaration.memberBlock.members {
            if let variable = member.decl.as(VariableDeclSyntax.self), isPersisted(variable),
                variable.bindings.count > 1
            {
                throw ModelMacroError(description: "@Model: declare one persisted property per `var`")
            }
        }
        var metadata: [String] = []
        var inverseChecks: [String] = []
        for property in properties {
            var entry =
                "SwiftData.Schema.PropertyMetadata(name: \"\(property.name)\", keypath: \\\(className).\(property.spelling), defaultValue: nil, metadata: "
            if let relationship = attributeNamed("Relationship", in: property.attributes) {
                let arguments = relationship.arguments.map { "\($0.trimmedDescription)" } ?? ""
                entry += "SwiftData.Schema.Relationship(\(arguments)))"
                if case .argumentList(let list) = relationship.arguments {
                    for argument in list where argument.label?.text == "inverse" {
                        inverseChecks.append(
                            "SwiftData._checkInverse(\\\(className).\(property.spelling), \(argument.expression.trimmedDescription))"
                        )
                    }
                }
            } else if let attribute = attributeNamed("Attribute", in: property.attributes) {
                let arguments = attribute.arguments.map { "\($0.trimmedDescription)" } ?? ""
                entry += "SwiftData.Schema.Attribute(\(arguments)))"
            } else {
                entry += "nil)"
            }
            metadata.append(entry)
        }
        let clearPeers = properties.map { "self._\($0.name) = SwiftData._SwiftDataNoType()" }
        var members: [DeclSyntax] = [
            "@Transient private var _$backingData: SwiftData.BackingData = SwiftData.BackingData(propertyCount: \(raw: properties.count))",
            """
            public var persistentBackingData: SwiftData.BackingData {
                get { _$backingData }
                set { _$backingData = newValue }
            }
            """,
            """
            public static var schemaMetadata: [SwiftData.Schema.PropertyMetadata] {
                [
                    \(raw: metadata.joined(separator: ",\n"))
                ]
            }
            """,
            """
            public required init(backingData: SwiftData.BackingData) {
                \(raw: clearPeers.joined(separator: "\n"))
                self._$backingData = backingData
            }
            """,
        ]
        if !inverseChecks.isEmpty {
            members.append(
                """
                private static func _$checkInverses() {
                    \(raw: inverseChecks.joined(separator: "\n"))
                }
                """)
        }
        return members
    }
}

/// `@_PersistedProperty(index:)`: turns a stored property into accessors over the model's backing data, with an
/// `init` accessor (and a `_name` peer of type `_SwiftDataNoType`) so definite initialization still applies to it.
public struct PersistedPropertyMacro: AccessorMacro, PeerMacro {
    static func details(_ node: AttributeSyntax, _ declaration: some DeclSyntaxProtocol) -> (String, String)? {
        guard let variable = declaration.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
            let spelling = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            case let name = unquoted(spelling), case .argumentList(let arguments) = node.arguments,
            let index = arguments.first?.expression.trimmedDescription
        else { return nil }
        return (name, index)
    }

    public static func expansion(
        of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let (name, index) = details(node, declaration) else { return [] }
        return [
            """
            @storageRestrictions(accesses: _$backingData, initializes: _\(raw: name))
            init(initialValue) {
                _$backingData._initialize(\(raw: index), initialValue)
                _\(raw: name) = SwiftData._SwiftDataNoType()
            }
            """,
            "get { _$backingData._get(self, \(raw: index)) }",
            "set { _$backingData._set(self, \(raw: index), newValue) }",
        ]
    }

    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let (name, _) = details(node, declaration) else { return [] }
        return ["@Transient private var _\(raw: name): SwiftData._SwiftDataNoType"]
    }
}

/// `@Attribute`, `@Relationship`, `@Transient`: markers that `@Model` reads; their arguments are type-checked by the
/// macro signatures and recorded in `schemaMetadata` by `@Model`.
public struct MarkerMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}

/// `#Unique<T>(...)` and `#Index<T>(...)`: a static property listing the key paths, which the runtime reads.
public struct KeyPathListMacro: DeclarationMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let member = node.macroName.text == "Unique" ? "_$uniqueConstraints" : "_$indices"
        let root =
            node.genericArgumentClause?.arguments.first.map { "\($0.argument.trimmedDescription).self" } ?? "Self.self"
        let lists = node.arguments.map { $0.expression.trimmedDescription }.joined(separator: ", ")
        return [
            "public static var \(raw: member): [[AnyKeyPath]] { SwiftData._keyPathLists(\(raw: root), \(raw: lists)) }"
        ]
    }
}

/// `@ModelActor`: the executor and container storage, `init(modelContainer:)` and the `ModelActor` conformance (whose
/// extension provides `unownedExecutor`, `modelContext` and the identifier subscript). Members get the actor's
/// access level, so a `public actor` stays usable from other modules.
public struct ModelActorMacro: MemberMacro, ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let actor = declaration.as(ActorDeclSyntax.self) else {
            throw ModelMacroError(description: "@ModelActor applies to actors only")
        }
        let access =
            actor.modifiers.first { ["public", "package", "open"].contains($0.name.text) }
            .map { $0.name.text == "open" ? "public " : "\($0.name.text) " } ?? ""
        return [
            "\(raw: access)nonisolated let modelExecutor: any SwiftData.ModelExecutor",
            "\(raw: access)nonisolated let modelContainer: SwiftData.ModelContainer",
            """
            \(raw: access)init(modelContainer: SwiftData.ModelContainer) {
                let modelContext = SwiftData.ModelContext(modelContainer)
                self.modelExecutor = SwiftData.DefaultSerialModelExecutor(modelContext: modelContext)
                self.modelContainer = modelContainer
            }
            """,
        ]
    }

    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        try conformance(
            of: type, to: "ModelActor", if: declaration.is(ActorDeclSyntax.self), "@ModelActor applies to actors only")
    }
}
