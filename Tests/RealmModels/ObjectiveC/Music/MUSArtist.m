#import "MUSArtist.h"

static NSString * const kArtistPrimaryKey = @"id";

@implementation Artist

+ (NSString *)primaryKey { return kArtistPrimaryKey; }

+ (NSArray *)requiredProperties
{
    return @[NSStringFromSelector(@selector(id)), NSStringFromSelector(@selector(name))];
}

- (NSString *)description
{
    return [NSString stringWithFormat:@"<Artist %@: %lu albums>", self.name, (unsigned long)self.albums.count];
}

@end
