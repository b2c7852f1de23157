#import <CoreData/CoreData.h>
#import "Dog.h"

// Realm's selectors on other types, and Realm's names in strings and comments: nothing here is Realm's.
@interface LocalStore : NSObject
- (void)beginWriteTransaction;
- (void)commitWriteTransaction;
@end

@implementation LocalStore
- (void)beginWriteTransaction {}
- (void)commitWriteTransaction {}
@end

@interface LookAlikes : NSObject
@property (nonatomic, strong) NSManagedObjectContext *context;
@property (nonatomic, strong) NSTimer *timer;
@property (nonatomic, strong) LocalStore *store;
@end

@implementation LookAlikes

- (void)run:(NSManagedObject *)object {
    NSMutableArray *dogs = [NSMutableArray array];
    [dogs addObject:@"Rex"];
    [dogs addObjectsFromArray:@[@"Fido"]];
    NSSet *set = [NSSet setWithArray:dogs];
    NSLog(@"%lu %@ %@", (unsigned long)[dogs count], [set allObjects], [dogs firstObject]);
    [self.context deleteObject:object];
    [self.timer invalidate];
    [self.store beginWriteTransaction];
    [self.store commitWriteTransaction];
    NSLog(@"[realm beginWriteTransaction] and [Dog objectsWhere:@\"age > 3\"]");
    // [[RLMRealm defaultRealm] deleteAllObjects];
    /* config.schemaVersion = 2; */
    NSUInteger schemaVersion = 2;
    NSLog(@"%lu", (unsigned long)schemaVersion);
}

@end
