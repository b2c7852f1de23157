#import "ATAllTypes.h"

@implementation AllTypes

+ (NSString *)primaryKey {
    return @"id";
}

+ (NSArray<NSString *> *)requiredProperties {
    return @[@"stringVal",
             @"shortStringVal",
             @"mediumStringVal",
             @"dataVal",
             @"dateVal",
             @"decimalVal",
             @"objectIdVal",
             @"uuidVal",
             @"indexedString",
             @"indexedDate",
             @"indexedObjectId",
             @"indexedUuid",
             @"boolList",
             @"intList",
             @"floatList",
             @"doubleList",
             @"stringList",
             @"dataList",
             @"dateList",
             @"decimalList",
             @"objectIdList",
             @"uuidList",
             @"boolSet",
             @"intSet",
             @"floatSet",
             @"doubleSet",
             @"stringSet",
             @"dataSet",
             @"dateSet",
             @"decimalSet",
             @"objectIdSet",
             @"uuidSet",
             @"boolMap",
             @"intMap",
             @"floatMap",
             @"doubleMap",
             @"stringMap",
             @"dataMap",
             @"dateMap",
             @"decimalMap",
             @"objectIdMap",
             @"uuidMap"];
}

+ (NSArray<NSString *> *)indexedProperties {
    return @[@"indexedString", @"indexedOptString", @"indexedInt", @"indexedBool", @"indexedDate",
             @"indexedObjectId", @"indexedUuid"];
}

@end

@implementation LinkTarget

+ (NSString *)primaryKey {
    return @"id";
}

+ (NSArray<NSString *> *)requiredProperties {
    return @[@"name"];
}

@end

@implementation EmbeddedChild
@end

@implementation EmbeddedThing

+ (NSArray<NSString *> *)requiredProperties {
    return @[@"name"];
}

@end
