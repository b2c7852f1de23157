#import <Foundation/Foundation.h>

// No Realm import here, nor through a header: Realm's selectors are this app's own.
@interface Catalog : NSObject
+ (instancetype)defaultRealm;
- (void)beginWriteTransaction;
- (id)objectsWhere:(NSString *)format, ...;
@end

@implementation Catalog
+ (instancetype)defaultRealm { return [self new]; }
- (void)beginWriteTransaction {}
- (id)objectsWhere:(NSString *)format, ... { return nil; }
- (void)use {
    [[Catalog defaultRealm] beginWriteTransaction];
    [self objectsWhere:@"age > 3"];
}
@end
