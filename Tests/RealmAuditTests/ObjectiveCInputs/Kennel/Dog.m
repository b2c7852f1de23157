#import "Dog.h"

@implementation Address
@end

@implementation Dog
+ (NSString *)primaryKey {
    return @"dogID";
}

+ (NSDictionary *)linkingObjectsProperties {
    return @{@"owners": [RLMPropertyDescriptor descriptorWithClass:Person.class propertyName:@"dogs"]};
}

- (NSString *)displayName {
    return [NSString stringWithFormat:@"%@ (%ld)", self.name, (long)self.age];
}
@end

@implementation Person
@end

@implementation Breeder
@end

@implementation DogSummary
@end
