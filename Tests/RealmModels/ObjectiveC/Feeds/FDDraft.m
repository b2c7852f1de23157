#import "FDDraft.h"

@implementation FDRecord

+ (NSString *)primaryKey {
    return @"uuid";
}

+ (NSDictionary *)defaultPropertyValues {
    NSMutableDictionary *values = [NSMutableDictionary dictionaryWithDictionary:[super defaultPropertyValues]];
    [values setValue:@"" forKey:@"metadata"];
    [values setValue:[[NSUUID UUID] UUIDString] forKey:@"uuid"];
    return values;
}

@end

@implementation FDDraft
@end
