import RealmModelParser
import SwiftDataCodegen
import Testing

/// An Objective-C app's Realm configuration, as its app delegate builds it: the schema version is read (a literal,
/// a `#define` or a `const`), so the importer names the app's Realm models at that version and a user's current file
/// is not refused as newer than the app; the migration block is an Objective-C block, never carried over, and said
/// (the importer then names no Realm models, so a file at an older version is refused, not upgraded without it).
@Suite struct ObjectiveCConfigurationTests {
    static let model = RealmModelParser.SourceFile(
        path: "Kennel/Dog.h",
        text: """
            #import <Realm/Realm.h>

            @interface Dog : RLMObject
            @property NSString *name;
            @property NSInteger age;
            @end
            """)

    static func parse(_ delegate: String, extra: [RealmModelParser.SourceFile] = []) -> RealmModelParser.Result {
        RealmModelParser.parse([model, .init(path: "Kennel/AppDelegate.m", text: delegate)] + extra)
    }

    @Test func aVersionSetOnTheDefaultConfigurationWithABlockThatIsNotCarried() throws {
        let result = Self.parse(
            """
            #import "AppDelegate.h"

            @implementation AppDelegate
            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
                RLMRealmConfiguration *config = [RLMRealmConfiguration defaultConfiguration];
                config.schemaVersion = 7;
                config.migrationBlock = ^(RLMMigration *migration, uint64_t oldSchemaVersion) {
                    if (oldSchemaVersion < 7) {
                        [migration enumerateObjects:Dog.className block:^(RLMObject *oldObject, RLMObject *newObject) {
                            newObject[@"age"] = @0;
                        }];
                    }
                };
                [RLMRealmConfiguration setDefaultConfiguration:config];
                return YES;
            }
            @end
            """)
        #expect(result.schema.version == 7)
        let configuration = try #require(result.schema.realmConfiguration)
        #expect(configuration.location == SourceLocation(file: "Kennel/AppDelegate.m", line: 6))
        #expect(configuration.migrationBlock == nil)
        #expect(configuration.unreadableBlock?.contains("Kennel/AppDelegate.m:7") == true)
        #expect(
            result.diagnostics.contains {
                $0.message.contains("is an Objective-C block: it is not carried over")
                    && $0.message.contains("RealmSchemaUpgrade.swift")
            })
    }

    @Test func settersConstantsAndTheDefaultConfigurationItself() {
        let forms: [(String, [RealmModelParser.SourceFile], UInt64)] = [
            ("[RLMRealmConfiguration defaultConfiguration].schemaVersion = 3;", [], 3),
            ("RLMRealmConfiguration.defaultConfiguration.schemaVersion = 0x10;", [], 16),
            (
                "RLMRealmConfiguration *c = [[RLMRealmConfiguration alloc] init]; [c setSchemaVersion:12ULL];"
                    + " [RLMRealmConfiguration setDefaultConfiguration:c];", [], 12
            ),
            (
                "RLMRealmConfiguration *c = [RLMRealmConfiguration defaultConfiguration]; c.schemaVersion = kSchema;",
                [.init(path: "Kennel/Constants.h", text: "#define kSchema (42)\n")], 42
            ),
            (
                "RLMRealmConfiguration *c = [RLMRealmConfiguration defaultConfiguration]; c.schemaVersion = kSchema;",
                [.init(path: "Kennel/Constants.m", text: "static const uint64_t kSchema = 5;\n")], 5
            ),
        ]
        for (statement, extra, version) in forms {
            let result = Self.parse(
                "@implementation AppDelegate\n- (void)setUp {\n    \(statement)\n}\n@end\n", extra: extra)
            #expect(result.schema.version == version, "\(statement)")
        }
    }

    @Test func anUnknownVersionIsSaidAndALookAlikeIsNoConfiguration() {
        let unknown = Self.parse(
            """
            @implementation AppDelegate
            - (void)setUp {
                RLMRealmConfiguration *config = [RLMRealmConfiguration defaultConfiguration];
                config.schemaVersion = [self currentVersion];
            }
            @end
            """)
        #expect(unknown.schema.version == nil)
        #expect(unknown.schema.realmConfiguration?.unreadableVersion != nil)
        let lookAlike = Self.parse(
            """
            @implementation Cache
            - (void)setUp {
                CacheConfiguration *config = [CacheConfiguration new];
                config.schemaVersion = 9;
                RLMRealmConfiguration *realmConfig = [RLMRealmConfiguration defaultConfiguration];
            }
            @end
            """)
        #expect(lookAlike.schema.version == nil && lookAlike.schema.realmConfiguration == nil)
    }
}
