#import "MUSAlbum.h"
#import "MUSTrack.h"

@implementation Album

+ (NSString *)primaryKey {
    return @"id";
}

+ (NSArray<NSString *> *)requiredProperties {
    return @[@"id", @"title"];
}

@end
