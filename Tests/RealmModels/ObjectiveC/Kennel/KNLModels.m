#import "KNLModels.h"

static NSString *const KNLDogWalkersKey = @"walkers";

@implementation KNLRecord

+ (NSString *)primaryKey {
    return @"uuid";
}

+ (NSArray<NSString *> *)requiredProperties {
    return @[@"uuid"];
}

+ (NSDictionary *)defaultPropertyValues {
    return @{@"serverID": @(-1)};
}

@end

@interface Animal ()
// Redeclared readwrite for the app's own code: stored after all.
@property (readwrite) NSString *displayName;
@property NSString *internalNote;
@end

@implementation Animal

+ (NSArray<NSString *> *)requiredProperties {
    return [[super requiredProperties] arrayByAddingObjectsFromArray:@[@"name", @"displayName"]];
}

+ (NSArray<NSString *> *)ignoredProperties {
    return @[@"internalNote"];
}

+ (NSArray<NSString *> *)indexedProperties {
    return @[@"name"];
}

+ (NSDictionary *)defaultPropertyValues {
    return @{@"name": @"", @"adopted": @NO, @"size": @(KNLSizeSmall), @"displayName": @""};
}

@end

@implementation Dog

+ (NSDictionary<NSString *, RLMPropertyDescriptor *> *)linkingObjectsProperties {
    return @{
        KNLDogWalkersKey: [RLMPropertyDescriptor descriptorWithClass:Owner.class propertyName:@"dogs"],
    };
}

@end

@implementation Address
@end

@interface Owner ()
@property (nonatomic, strong, nullable) NSString *cachedGreeting;
@end

@implementation Owner

+ (NSString *)primaryKey {
    return NSStringFromSelector(@selector(ownerID));
}

+ (NSArray *)ignoredProperties {
    return @[@"cachedGreeting", @"flags"];
}

+ (NSArray *)requiredProperties {
    return @[@"fullName"];
}

@end

@implementation WalkEvent
+ (NSString *)primaryKey { return @"_id"; }
@end
