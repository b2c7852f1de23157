#import "Pet.h"
#import "PetShelter-Swift.h"

@implementation Pet
+ (NSString *)primaryKey { return @"name"; }
+ (NSArray *)requiredProperties { return @[@"name"]; }
@end
