import ObjectiveCSourceSyntax
import RealmSchema

/// How Realm's Objective-C SDK maps a declared `@property` type to a Realm property, following
/// `-[RLMProperty setTypeFromRawType:]` (realm-swift `Realm/RLMProperty.mm`), which reads the type encoding the
/// compiler records (`@encode`): signed integers (`s`, `i`, `l`, `q`) are `int`, `c` (`char`, `int8_t`, `BOOL` on
/// x86) and `B` (`bool`, `BOOL` on arm64) are `bool`, `f` is `float`, `d` is `double`; unsigned integers, structs,
/// C strings, blocks and bare `id` are rejected. Objects (`@"NSString"`…) start optional; object collections hold
/// non-optional links (a dictionary's are optional); `id<RLMValue>` is never optional; collection element types come
/// from the protocol (`<Dog>`, `<RLMString>`), not from the generic arguments, which the encoding does not record.
struct ObjectiveCPropertyType {
    /// What the declared type means to Realm.
    struct Resolved: Equatable {
        var type: PropertyType
        var isOptional: Bool
        var collection: CollectionKind = .single
        var objectClassName: String?
    }

    /// The app's `typedef`s (`DogKind` → `NSInteger`).
    let typedefs: [String: ObjectiveCType]
    /// The models a link may name (Objective-C and Swift), by name.
    let models: Set<String>

    /// C type names that encode as a signed integer (`s`, `i`, `l`, `q`).
    static let signedIntegers: Set<String> = [
        "int", "short", "long", "long long", "short int", "long int", "long long int", "signed", "signed int",
        "signed short", "signed long", "signed long long", "NSInteger", "int16_t", "int32_t", "int64_t", "SInt16",
        "SInt32", "SInt64", "intptr_t", "ptrdiff_t", "ssize_t", "CFIndex",
    ]
    /// C type names that encode as `c` (a signed char): Realm reads them as `bool`.
    static let characters: Set<String> = ["char", "signed char", "int8_t", "SInt8"]
    /// C type names that encode as an unsigned integer (`C`, `S`, `I`, `L`, `Q`): Realm rejects them.
    static let unsignedIntegers: Set<String> = [
        "unsigned", "unsigned int", "unsigned short", "unsigned long", "unsigned long long", "unsigned char",
        "NSUInteger", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "UInt8", "UInt16", "UInt32", "UInt64", "size_t",
        "uintptr_t", "Boolean", "UInt",
    ]
    static let booleans: Set<String> = ["BOOL", "bool", "_Bool"]
    static let floats: Set<String> = ["float", "Float32"]
    static let doubles: Set<String> = [
        "double", "CGFloat", "NSTimeInterval", "CFTimeInterval", "Float64", "CLLocationDegrees", "CLLocationDistance",
        "CLLocationSpeed", "CLLocationDirection", "CLLocationAccuracy",
    ]
    /// Objects Realm stores as a value (`@"NSString"` …), all optional unless `+requiredProperties` names them.
    static let objectValues: [String: PropertyType] = [
        "NSString": .string, "NSDate": .date, "NSData": .data, "RLMDecimal128": .decimal128,
        "RLMObjectId": .objectId, "NSUUID": .uuid,
    ]
    /// The protocols that name a value type (`RLMArray<NSString *><RLMString>`, `NSNumber<RLMInt>`).
    static let valueProtocols: [String: PropertyType] = [
        "RLMInt": .int, "RLMBool": .bool, "RLMFloat": .float, "RLMDouble": .double, "RLMString": .string,
        "RLMData": .data, "RLMDate": .date, "RLMDecimal128": .decimal128, "RLMObjectId": .objectId, "RLMUUID": .uuid,
        "RLMValue": .mixed,
    ]
    static let collections: [String: CollectionKind] = [
        "RLMArray": .list, "RLMSet": .set, "RLMDictionary": .dictionary,
    ]

    /// `type` with `typedef`s replaced by what they stand for (pointers and nullability added up).
    func expanded(_ type: ObjectiveCType) -> ObjectiveCType {
        var result = type
        var depth = 0
        while depth < 16, result.typeArguments.isEmpty, result.protocols.isEmpty, let alias = typedefs[result.name],
            alias.name != result.name
        {
            let pointers = result.pointers
            let nullable = result.isMarkedNullable
            let blockOrArray = result.isBlockFunctionOrArray
            result = alias
            result.pointers += pointers
            result.isMarkedNullable = result.isMarkedNullable || nullable
            result.isBlockFunctionOrArray = result.isBlockFunctionOrArray || blockOrArray
            depth += 1
        }
        return result
    }

    /// The Realm property a declared type makes, or why Realm rejects it (its message, as a clause).
    func resolve(_ declared: ObjectiveCType) -> Result<Resolved, ObjectiveCMappingError> {
        let type = expanded(declared)
        if type.isNestedTooDeeply {
            return .failure(.init("a type whose arguments nest too deeply to be read"))
        }
        if type.isBlockFunctionOrArray {
            return .failure(.init("a block, function pointer or C array, which Realm cannot persist"))
        }
        switch type.pointers {
        case 0: return scalar(type)
        case 1: return object(type)
        default: return .failure(.init("a pointer to a pointer ('\(declared)'), which Realm cannot persist"))
        }
    }

    private func scalar(_ type: ObjectiveCType) -> Result<Resolved, ObjectiveCMappingError> {
        let name = type.name
        if name == "id" {
            guard type.protocols == ["RLMValue"] else {
                return .failure(.init("'id' without '<RLMValue>', which Realm cannot persist"))
            }
            return .success(Resolved(type: .mixed, isOptional: false))
        }
        if Self.signedIntegers.contains(name) { return .success(Resolved(type: .int, isOptional: false)) }
        if Self.booleans.contains(name) || Self.characters.contains(name) {
            return .success(Resolved(type: .bool, isOptional: false))
        }
        if Self.floats.contains(name) { return .success(Resolved(type: .float, isOptional: false)) }
        if Self.doubles.contains(name) { return .success(Resolved(type: .double, isOptional: false)) }
        if Self.unsignedIntegers.contains(name) || name.hasPrefix("unsigned ") {
            return .failure(.init("an unsigned integer ('\(name)'), which Realm's Objective-C SDK rejects"))
        }
        if name.isEmpty { return .failure(.init("a type that cannot be read")) }
        return .failure(
            .init(
                "'\(name)', which is no type Realm persists and no typedef the input declares (a struct or "
                    + "an enum declared elsewhere)"))
    }

    private func object(_ type: ObjectiveCType) -> Result<Resolved, ObjectiveCMappingError> {
        let name = type.name
        if let value = Self.objectValues[name] { return .success(Resolved(type: value, isOptional: true)) }
        if name == "NSNumber" {
            guard type.protocols.count == 1, let protocolName = type.protocols.first,
                let value = Self.valueProtocols[protocolName], [.int, .bool, .float, .double].contains(value)
            else {
                return .failure(.init("'NSNumber' without one of <RLMInt>, <RLMBool>, <RLMFloat>, <RLMDouble>"))
            }
            return .success(Resolved(type: value, isOptional: true))
        }
        if let collection = Self.collections[name] { return collectionOf(type, collection) }
        if name == "RLMLinkingObjects" {
            return .success(
                Resolved(
                    type: .linkingObjects, isOptional: false, collection: .list, objectClassName: type.protocols.first))
        }
        if models.contains(name) { return .success(Resolved(type: .object, isOptional: true, objectClassName: name)) }
        return .failure(
            .init("'\(type)', which is neither a type Realm persists nor an RLMObject subclass the input declares"))
    }

    private func collectionOf(_ type: ObjectiveCType, _ collection: CollectionKind)
        -> Result<Resolved, ObjectiveCMappingError>
    {
        var protocols = type.protocols
        if collection == .dictionary {
            guard protocols.count == 2, protocols.first == "RLMString" else {
                return .failure(
                    .init(
                        "'\(type.name)' needs the key and value protocols (<RLMString, Dog>); the generic arguments "
                            + "alone are not recorded by the compiler"))
            }
            protocols.removeFirst()
        }
        guard protocols.count == 1, let element = protocols.first else {
            return .failure(
                .init(
                    "'\(type.name)' without the protocol naming its element type (<Dog>, <RLMString>); the generic "
                        + "arguments alone are not recorded by the compiler"))
        }
        if let value = Self.valueProtocols[element] {
            return .success(Resolved(type: value, isOptional: value != .mixed, collection: collection))
        }
        if models.contains(element) {
            return .success(
                Resolved(
                    type: .object, isOptional: collection == .dictionary, collection: collection,
                    objectClassName: element))
        }
        return .failure(
            .init("'\(type.name)<\(element)>': '\(element)' is not an RLMObject subclass the input declares"))
    }
}

/// Why Realm's Objective-C SDK cannot persist a property: the reason as a clause (`an unsigned integer…`).
struct ObjectiveCMappingError: Error, Equatable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
