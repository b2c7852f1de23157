#import "MUSTrack.h"

@implementation Track

+ (NSString *)primaryKey {
    return @"id";
}

+ (NSArray<NSString *> *)requiredProperties {
    return @[@"id", @"title", @"artist", @"releaseDate", @"genreIndexed"];
}

+ (NSArray<NSString *> *)indexedProperties {
    return @[@"releaseDate", @"genreIndexed"];
}

+ (NSDictionary *)defaultPropertyValues {
    return @{
        @"title": @"",
        @"artist": @"Unknown Artist",
        @"duration": @0,
        @"releaseDate": [NSDate date],
        @"genreIndexed": @"",
    };
}

- (NSString *)formattedDuration {
    NSInteger seconds = (NSInteger)self.duration;
    return [NSString stringWithFormat:@"%ld:%02ld", (long)(seconds / 60), (long)(seconds % 60)];
}

@end
