#import <UIKit/UIKit.h>
@import Realm;
#import "Dog.h"

@interface AppDelegate : UIResponder <UIApplicationDelegate>
@end

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    // expect: configuration | +[RLMRealmConfiguration defaultConfiguration] | trivial | defaultConfiguration
    RLMRealmConfiguration *config = [RLMRealmConfiguration defaultConfiguration];
    // expect: schema-migration | RLMRealmConfiguration.schemaVersion | moderate | schemaVersion
    config.schemaVersion = 3;
    // expect: schema-migration | RLMRealmConfiguration.migrationBlock | hard | migrationBlock
    config.migrationBlock = ^(RLMMigration *migration, uint64_t oldSchemaVersion) {
        if (oldSchemaVersion < 2) {
            // expect: schema-migration | -[RLMMigration enumerateObjects:block:] | hard | enumerateObjects
            [migration enumerateObjects:Dog.className block:^(RLMObject *oldObject, RLMObject *newObject) {
                newObject[@"name"] = oldObject[@"fullName"];
            }];
        }
        if (oldSchemaVersion < 3) {
            // expect: schema-migration | -[RLMMigration renamePropertyForClass:oldName:newName:] | trivial | renamePropertyForClass
            [migration renamePropertyForClass:Person.className oldName:@"fullName" newName:@"name"];
        }
    };
    // expect: encryption | RLMRealmConfiguration.encryptionKey | hard | encryptionKey
    config.encryptionKey = [self keychainKey];
    // expect: configuration | RLMRealmConfiguration.fileURL | trivial | fileURL
    config.fileURL = [[[NSFileManager defaultManager] containerURLForSecurityApplicationGroupIdentifier:@"group.kennel"] URLByAppendingPathComponent:@"kennel.realm"];
    // expect: configuration | RLMRealmConfiguration.objectClasses | trivial | objectClasses
    config.objectClasses = @[Dog.class, Person.class, Address.class];
    // expect: schema-migration | RLMRealmConfiguration.deleteRealmIfMigrationNeeded | moderate | setDeleteRealmIfMigrationNeeded
    [config setDeleteRealmIfMigrationNeeded:NO];
    // expect: configuration | +[RLMRealmConfiguration setDefaultConfiguration:] | trivial | setDefaultConfiguration
    [RLMRealmConfiguration setDefaultConfiguration:config];

    NSError *error = nil;
    // expect: realm-open | +[RLMRealm realmWithConfiguration:error:] | trivial | realmWithConfiguration
    RLMRealm *realm = [RLMRealm realmWithConfiguration:config error:&error];
    // expect: realm-open | +[RLMRealm realmWithURL:] | trivial | realmWithURL ;; configuration | RLMRealmConfiguration.fileURL | trivial | fileURL
    RLMRealm *legacy = [RLMRealm realmWithURL:config.fileURL];
    NSLog(@"%@ %@", realm, legacy);
    return YES;
}

// expect: configuration | RLMRealmConfiguration | trivial | RLMRealmConfiguration
- (void)configureTests:(RLMRealmConfiguration *)testConfiguration {
    // expect: configuration | RLMRealmConfiguration.inMemoryIdentifier | trivial | inMemoryIdentifier
    testConfiguration.inMemoryIdentifier = @"tests";
}

- (NSData *)keychainKey {
    return [NSMutableData dataWithLength:64];
}

@end
