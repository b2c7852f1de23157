#import "FDModels.h"

@implementation FDLink
@end

@implementation FDMention
@end

@implementation FDEntities
- (NSArray *)objectsToDeleteWithSelf { return @[self]; }
@end

@implementation FDPost

+ (NSString *)primaryKey {
    return @"id";
}

+ (NSArray *)indexedProperties {
    return @[NSStringFromSelector(@selector(reposted))];
}

+ (NSArray *)ignoredProperties {
    return @[@"kind", @"pendingImages"];
}

- (enum FDPostKind)kind { return (enum FDPostKind)self.kindValue; }
- (void)setKind:(enum FDPostKind)kind { self.kindValue = kind; }
- (NSArray *)objectsToDeleteWithSelf { return @[self]; }

@end

@implementation FDAuthor

+ (NSString *)primaryKey {
    return @"id";
}

+ (NSDictionary *)defaultPropertyValues {
    return @{@"color": [self defaultColor], @"score": @([self defaultScore]), @"name": @""};
}

+ (NSData *)defaultColor { return [NSData data]; }
+ (CGFloat)defaultScore { return 1.0; }

+ (NSDictionary *)linkingObjectsProperties {
    return @{NSStringFromSelector(@selector(watchedPosts)):
                 [RLMPropertyDescriptor descriptorWithClass:NSClassFromString(@"FDPost") propertyName:@"watchers"]};
}

@end
