import ObjectiveCSourceSyntax
import Testing

/// The declarations a Realm model file holds, read as a header and an implementation file write them.
@Suite struct DeclarationReaderTests {
    static let header = """
        #ifndef Dog_h
        #define Dog_h
        #import <Realm/Realm.h>

        NS_ASSUME_NONNULL_BEGIN

        @class Person;
        typedef NS_ENUM(NSInteger, DogKind) { DogKindSmall, DogKindLarge };
        typedef NSUInteger DogFlags;
        typedef int64_t DogID;

        /// A dog; "@interface" in a comment is not a declaration.
        @interface Dog : RLMObject <NSCopying>
        @property (nonatomic, copy) NSString *name;
        @property (nonatomic, nullable) NSDate *birthday;
        @property NSString *first, *last;
        @property (nonatomic, getter=isGoodBoy) BOOL goodBoy;
        @property unsigned long long count;
        @property (readonly) NSString *displayName;
        @property RLMArray<Dog *><Dog> *puppies;
        @property RLMDictionary<NSString *, Dog *><RLMString, Dog> *friends;
        @property NSNumber<RLMInt> * _Nullable age NS_SWIFT_NAME(ageInYears);
        @property id<RLMValue> anything;
        @property (copy) void (^onChange)(Dog *dog);
        @property (nonatomic) DogKind kind;
        - (instancetype)initWithName:(NSString *)name;
        @end
        RLM_COLLECTION_TYPE(Dog)

        NS_ASSUME_NONNULL_END
        #endif
        """

    @Test func interfacesPropertiesAndTypes() throws {
        let file = ObjectiveCDeclarationReader.read(Self.header)
        #expect(file.problems.isEmpty, "\(file.problems)")
        let dog = try #require(file.interfaces.first)
        #expect(file.interfaces.count == 1)
        #expect(dog.name == "Dog" && dog.superclass == "RLMObject" && dog.category == nil)
        #expect(dog.protocols == ["NSCopying"])
        #expect(dog.line == 13)
        #expect(dog.conditions.isEmpty)
        let names = dog.properties.map(\.name)
        #expect(
            names == [
                "name", "birthday", "first", "last", "goodBoy", "count", "displayName", "puppies", "friends", "age",
                "anything", "onChange", "kind",
            ])
        let byName = Dictionary(dog.properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byName["name"]?.type == ObjectiveCType(name: "NSString", pointers: 1))
        #expect(byName["birthday"]?.type.isMarkedNullable == true)
        #expect(byName["last"]?.type == ObjectiveCType(name: "NSString", pointers: 1))
        #expect(byName["goodBoy"]?.getterName == "isGoodBoy")
        #expect(byName["count"]?.type.name == "unsigned long long")
        #expect(byName["displayName"]?.isReadOnly == true)
        let puppies = try #require(byName["puppies"]?.type)
        #expect(puppies.name == "RLMArray" && puppies.protocols == ["Dog"] && puppies.pointers == 1)
        #expect(puppies.typeArguments == [ObjectiveCType(name: "Dog", pointers: 1)])
        #expect(byName["friends"]?.type.protocols == ["RLMString", "Dog"])
        #expect(byName["friends"]?.type.typeArguments.count == 2)
        #expect(
            byName["age"]?.type
                == ObjectiveCType(name: "NSNumber", protocols: ["RLMInt"], pointers: 1, isMarkedNullable: true))
        #expect(byName["anything"]?.type == ObjectiveCType(name: "id", protocols: ["RLMValue"]))
        #expect(byName["onChange"]?.type.isBlockFunctionOrArray == true)
        #expect(byName["puppies"]?.line == 20)
        #expect(byName["puppies"]?.declaration == "@property RLMArray<Dog *><Dog> *puppies;")
        #expect(file.protocols["Dog"] == 28)
        #expect(file.typedefs["DogKind"]?.name == "NSInteger")
        #expect(file.typedefs["DogFlags"]?.name == "NSUInteger")
        #expect(file.typedefs["DogID"]?.name == "int64_t")
    }

    static let implementation = """
        #import "Dog.h"

        static NSString * const kDogPrimaryKey = @"name";
        #define kLegacyKey @"legacy"

        @interface Dog ()
        @property NSString *secret;
        @end

        @implementation Dog
        @dynamic secret;

        + (NSString *)primaryKey {
            return kDogPrimaryKey; // "}" in a comment
        }

        + (NSDictionary *)linkingObjectsProperties {
            return @{ @"owners": [RLMPropertyDescriptor descriptorWithClass:Person.class propertyName:@"dogs"] };
        }

        - (NSString *)describeWith:(NSString *)prefix and:(int)count {
            if (count > 0) { return [NSString stringWithFormat:@"%@ }", prefix]; }
            return prefix;
        }

        static void helper(void) { }

        #if DEBUG
        + (NSArray<NSString *> *)ignoredProperties { return @[@"debugNote"]; }
        #else
        + (NSArray<NSString *> *)ignoredProperties { return @[]; }
        #endif
        @end
        """

    @Test func implementationsClassExtensionsAndConditions() throws {
        let file = ObjectiveCDeclarationReader.read(Self.implementation)
        let extensionInterface = try #require(file.interfaces.first)
        #expect(extensionInterface.category == "" && extensionInterface.properties.map(\.name) == ["secret"])
        let dog = try #require(file.implementations.first)
        #expect(dog.name == "Dog" && dog.category == nil && dog.line == 10)
        #expect(dog.dynamicProperties == ["secret"])
        #expect(
            dog.methods.map(\.selector) == [
                "primaryKey", "linkingObjectsProperties", "describeWith:and:", "ignoredProperties", "ignoredProperties",
            ])
        #expect(dog.methods.map(\.isClassMethod) == [true, true, false, true, true])
        #expect(dog.methods.first?.body.map(\.text) == ["return", "kDogPrimaryKey", ";"])
        #expect(dog.methods[3].conditions == ["DEBUG"])
        #expect(dog.methods[4].conditions == ["!(DEBUG)"])
        #expect(file.stringConstants == ["kDogPrimaryKey": "name", "kLegacyKey": "legacy"])
        let conditional = file.problems.filter {
            if case .conditionalCompilation = $0.kind { return true }
            return false
        }
        #expect(conditional.map(\.line) == [28, 30], "\(file.problems)")
        #expect(file.problems.count == 2)
    }

    /// `#if 0` is never compiled; an include guard is not a condition; a macro the reader cannot expand is reported.
    @Test func disabledCodeGuardsAndMacros() throws {
        let source = """
            #ifndef MODELS_H
            #define MODELS_H
            #if 0
            @interface Old : RLMObject
            @property NSString *gone;
            @end
            #else
            @interface Cat : RLMObject
            @property NSString *name;
            MODEL_PROPERTY(NSString, nickname)
            @end
            #endif
            #endif
            """
        let file = ObjectiveCDeclarationReader.read(source)
        #expect(file.interfaces.map(\.name) == ["Cat"])
        #expect(file.interfaces.first?.conditions == [])
        #expect(file.interfaces.first?.properties.map(\.name) == ["name"])
        #expect(file.problems.map(\.kind) == [.unexpandedMacro(name: "MODEL_PROPERTY")])
        #expect(file.problems.first?.line == 10)
    }

    /// An Objective-C++ header wraps its declarations in `extern "C" { … }` under `#ifdef __cplusplus`.
    @Test func declarationsInsideExternCAreRead() throws {
        let source = """
            #ifdef __cplusplus
            extern "C" {
            #endif
            @interface Cat : RLMObject
            @property NSString *name;
            @end
            #ifdef __cplusplus
            }
            #endif
            """
        let file = ObjectiveCDeclarationReader.read(source)
        #expect(file.interfaces.map(\.name) == ["Cat"])
        #expect(file.interfaces.first?.properties.map(\.name) == ["name"])
        #expect(file.problems.filter { $0.kind == .unbalanced }.isEmpty, "\(file.problems)")
    }
}
