#import "MUSPlaylist.h"

@implementation Playlist

+ (nullable NSString *)primaryKey {
    return @"id";
}

+ (NSArray<NSString *> *)requiredProperties {
    return @[@"id", @"name", @"tags", @"ratings"];
}

+ (NSDictionary *)defaultPropertyValues {
    return @{@"id": [NSUUID UUID], @"name": @"Untitled"};
}

@end
