#import "KNLDebug.h"

@implementation KNLSampleData
+ (BOOL)shouldIncludeInDefaultSchema {
    return NO;
}
@end

@implementation Dog (KNLPresentation)
@dynamic tagline;
- (NSString *)badge { return self.name; }
@end

@implementation Vet
+ (NSArray *)ignoredProperties { return @[@"licenseNumber"]; }
@end
