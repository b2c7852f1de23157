/// What one Objective-C file declares that matters to a model: classes' interfaces and implementations, protocols,
/// type aliases and string constants. Built by ``ObjectiveCDeclarationReader``.
package struct ObjectiveCFile: Sendable, Equatable {
    /// `@interface` blocks: primary interfaces, class extensions and categories, in source order.
    package var interfaces: [ObjectiveCInterface] = []
    /// `@implementation` blocks, in source order.
    package var implementations: [ObjectiveCImplementation] = []
    /// Protocols declared (`@protocol Dog <NSObject> @end`, `RLM_COLLECTION_TYPE(Dog)`), by name, with their line.
    package var protocols: [String: Int] = [:]
    /// `typedef`s: the name → the type it stands for (`NS_ENUM(NSInteger, Kind)` → `NSInteger`).
    package var typedefs: [String: ObjectiveCType] = [:]
    /// Constants holding one string literal (`static NSString * const kID = @"id";`, `#define kID @"id"`), by name.
    package var stringConstants: [String: String] = [:]
    /// Macros the file defines (`#define NAME …`), by name.
    package var definedMacros: Set<String> = []
    /// Problems found lexing and reading, in line order.
    package var problems: [ObjectiveCProblem] = []

    /// Creates an empty file description.
    package init() {}
}

/// One `@interface` block: a class's primary interface, a class extension (`@interface Dog ()`) or a category
/// (`@interface Dog (Realm)`).
package struct ObjectiveCInterface: Sendable, Equatable {
    /// The class name.
    package var name: String
    /// The superclass, for a primary interface (`RLMObject` in `@interface Dog : RLMObject`).
    package var superclass: String?
    /// `nil` for a primary interface, `""` for a class extension, the category's name for a category.
    package var category: String?
    /// The protocols it adopts (`<NSCopying>`).
    package var protocols: [String]
    /// Its `@property` declarations, in order.
    package var properties: [ObjectiveCProperty]
    /// The line of `@interface`.
    package var line: Int
    /// The `#if` conditions it is declared under, outermost first (empty: always).
    package var conditions: [String]

    /// Creates an interface description.
    package init(
        name: String, superclass: String? = nil, category: String? = nil, protocols: [String] = [],
        properties: [ObjectiveCProperty] = [], line: Int, conditions: [String] = []
    ) {
        self.name = name
        self.superclass = superclass
        self.category = category
        self.protocols = protocols
        self.properties = properties
        self.line = line
        self.conditions = conditions
    }
}

/// One declared property (one declarator of an `@property` line: `@property NSString *a, *b;` is two).
package struct ObjectiveCProperty: Sendable, Equatable {
    /// The property's name.
    package var name: String
    /// The attributes in parentheses, as written (`nonatomic`, `readonly`, `getter=isDone`).
    package var attributes: [String]
    /// Its type.
    package var type: ObjectiveCType
    /// The line of `@property`.
    package var line: Int
    /// The `#if` conditions it is declared under (those of its `@interface` included), outermost first.
    package var conditions: [String]
    /// The declaration as written, on one line (`@property (nonatomic) NSString *name;`).
    package var declaration: String

    /// Whether `readonly` is among the attributes.
    package var isReadOnly: Bool { attributes.contains("readonly") }

    /// The custom getter name (`isDone` for `getter=isDone`), if any.
    package var getterName: String? {
        attributes.first { $0.hasPrefix("getter=") }.map { String($0.dropFirst("getter=".count)) }
    }

    /// The custom setter selector (`setIsDone:` for `setter=setIsDone:`), if any.
    package var setterName: String? {
        attributes.first { $0.hasPrefix("setter=") }.map { String($0.dropFirst("setter=".count)) }
    }

    /// Creates a property description.
    package init(
        name: String, attributes: [String], type: ObjectiveCType, line: Int, conditions: [String] = [],
        declaration: String
    ) {
        self.name = name
        self.attributes = attributes
        self.type = type
        self.line = line
        self.conditions = conditions
        self.declaration = declaration
    }
}

/// A C or Objective-C type as written in a declaration, qualifiers removed: `NSString *`, `long long`,
/// `RLMArray<Dog *><Dog> *`, `NSNumber<RLMInt> *`, `id<RLMValue>`.
package struct ObjectiveCType: Sendable, Equatable, CustomStringConvertible {
    /// The base type's words (`NSString`, `unsigned long long`, `id`).
    package var name: String
    /// Type arguments (`<Dog *>` in `RLMArray<Dog *><Dog>`; `<NSString *, Dog *>` for a dictionary).
    package var typeArguments: [ObjectiveCType]
    /// Protocol qualifiers, in order (`Dog` in `RLMArray<Dog *><Dog>`, `RLMString, Dog` for a dictionary,
    /// `RLMInt` in `NSNumber<RLMInt>`, `RLMValue` in `id<RLMValue>`).
    package var protocols: [String]
    /// How many `*`s follow.
    package var pointers: Int
    /// Whether the declarator is a block or function pointer (`void (^handler)(void)`) or a C array (`int a[4]`).
    package var isBlockFunctionOrArray: Bool
    /// Whether a nullability qualifier said the value may be `nil` (`nullable`, `_Nullable`): Realm ignores it.
    package var isMarkedNullable: Bool
    /// Whether its type arguments nest deeper than ``ObjectiveCTypeReader/nestingLimit`` and were left unread.
    package var isNestedTooDeeply = false

    /// Creates a type description.
    package init(
        name: String, typeArguments: [ObjectiveCType] = [], protocols: [String] = [], pointers: Int = 0,
        isBlockFunctionOrArray: Bool = false, isMarkedNullable: Bool = false
    ) {
        self.name = name
        self.typeArguments = typeArguments
        self.protocols = protocols
        self.pointers = pointers
        self.isBlockFunctionOrArray = isBlockFunctionOrArray
        self.isMarkedNullable = isMarkedNullable
    }

    /// The type written back in Objective-C (`RLMArray<Dog *><Dog> *`).
    package var description: String {
        var result = name
        if !typeArguments.isEmpty { result += "<\(typeArguments.map(\.description).joined(separator: ", "))>" }
        if !protocols.isEmpty { result += "<\(protocols.joined(separator: ", "))>" }
        if pointers > 0 { result += " " + String(repeating: "*", count: pointers) }
        return result
    }
}

/// One `@implementation` block (a class's, or a category's), with what its class methods return.
package struct ObjectiveCImplementation: Sendable, Equatable {
    /// The class name.
    package var name: String
    /// The category's name for `@implementation Dog (Realm)`, `nil` otherwise.
    package var category: String?
    /// Its methods, in order (class methods with their bodies).
    package var methods: [ObjectiveCMethod]
    /// The properties named by `@dynamic` (they have no storage of their own).
    package var dynamicProperties: [String]
    /// The properties named by `@synthesize` (`@synthesize name = _name;` → `name`): they have storage even when
    /// both accessors are written.
    package var synthesizedProperties: [String] = []
    /// The line of `@implementation`.
    package var line: Int
    /// The `#if` conditions it is declared under, outermost first.
    package var conditions: [String]

    /// Creates an implementation description.
    package init(
        name: String, category: String? = nil, methods: [ObjectiveCMethod] = [], dynamicProperties: [String] = [],
        line: Int, conditions: [String] = []
    ) {
        self.name = name
        self.category = category
        self.methods = methods
        self.dynamicProperties = dynamicProperties
        self.line = line
        self.conditions = conditions
    }
}

/// One method defined in an `@implementation`.
package struct ObjectiveCMethod: Sendable, Equatable {
    /// The selector (`primaryKey`, `descriptorWithClass:propertyName:`).
    package var selector: String
    /// Whether it is a class method (`+`).
    package var isClassMethod: Bool
    /// The body's tokens, braces excluded.
    package var body: [ObjectiveCToken]
    /// The line of its `+` or `-`.
    package var line: Int
    /// The `#if` conditions it is defined under (inside its implementation), outermost first.
    package var conditions: [String]

    /// Creates a method description.
    package init(
        selector: String, isClassMethod: Bool, body: [ObjectiveCToken], line: Int, conditions: [String] = []
    ) {
        self.selector = selector
        self.isClassMethod = isClassMethod
        self.body = body
        self.line = line
        self.conditions = conditions
    }
}
