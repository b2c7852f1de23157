#import "KennelStore.h"

@implementation KennelStore

- (void)saveDog:(Dog *)dog {
    // expect: realm-open | +[RLMRealm defaultRealm] | trivial | defaultRealm
    RLMRealm *realm = [RLMRealm defaultRealm];
    // expect: write | -[RLMRealm beginWriteTransaction] | trivial | beginWriteTransaction
    [realm beginWriteTransaction];
    // expect: write | -[RLMRealm addObject:] | trivial | addObject
    [realm addObject:dog];
    // expect: write | -[RLMRealm addOrUpdateObject:] | moderate | addOrUpdateObject
    [realm addOrUpdateObject:dog];
    // expect: write | -[RLMRealm commitWriteTransaction] | trivial | commitWriteTransaction
    [realm commitWriteTransaction];
    // A look-alike: an NSMutableArray's addObject:.
    [self.recentDogs addObject:dog];
}

- (void)removeDog:(Dog *)dog {
    // expect: realm-open | +[RLMRealm defaultRealm] | trivial | defaultRealm ;; write | -[RLMRealm transactionWithBlock:] | trivial | transactionWithBlock
    [[RLMRealm defaultRealm] transactionWithBlock:^{
        // expect: realm-open | +[RLMRealm defaultRealm] | trivial | defaultRealm ;; write | -[RLMRealm deleteObject:] | trivial | deleteObject
        [[RLMRealm defaultRealm] deleteObject:dog];
    }];
}

- (void)reset:(RLMRealm *)realm {
    NSError *error;
    // expect: write | -[RLMRealm transactionWithBlock:error:] | trivial | transactionWithBlock
    [realm transactionWithBlock:^{
        // expect: write | -[RLMRealm deleteAllObjects] | trivial | deleteAllObjects
        [realm deleteAllObjects];
    } error:&error];
    // expect: write | -[RLMRealm cancelWriteTransaction] | trivial | cancelWriteTransaction
    [realm cancelWriteTransaction];
    // expect: write | +[RLMObject createInRealm:withValue:] | moderate | createInRealm
    [Dog createInRealm:realm withValue:@{@"dogID": @"1", @"name": @"Rex"}];
    // expect: write | +[RLMObject createOrUpdateInRealm:withValue:] | moderate | createOrUpdateInRealm
    [Dog createOrUpdateInRealm:realm withValue:@[@"1", @"Rex", @3]];
    // expect: write | -[RLMRealm deleteObjects:] | trivial | deleteObjects ;; query | +[RLMObject allObjectsInRealm:] | trivial | allObjectsInRealm
    [realm deleteObjects:[Dog allObjectsInRealm:realm]];
}

- (void)queries {
    // expect: query | +[RLMObject allObjects] | trivial | allObjects
    RLMResults<Dog *> *all = [Dog allObjects];
    // expect: query | +[RLMObject objectsWhere:] | moderate | objectsWhere
    RLMResults<Dog *> *old = [Dog objectsWhere:@"age > %d", 7];
    // expect: query | -[RLMResults sortedResultsUsingKeyPath:ascending:] | trivial | sortedResultsUsingKeyPath
    self.puppies = [all sortedResultsUsingKeyPath:@"name" ascending:YES];
    // expect: query | +[RLMObject objectsWhere:] | moderate | objectsWhere
    Dog *first = [[Dog objectsWhere:@"name BEGINSWITH %@", @"R"] sortedResultsUsingKeyPath:@"age" ascending:NO].firstObject;
    // expect: query | +[RLMObject objectsWithPredicate:] | moderate | objectsWithPredicate
    NSUInteger named = [Dog objectsWithPredicate:[NSPredicate predicateWithFormat:@"name == %@", first.name]].count;
    // expect: query | +[RLMObject objectForPrimaryKey:] | trivial | objectForPrimaryKey
    Dog *rex = [Dog objectForPrimaryKey:@"1"];
    // expect: query | -[RLMResults objectsWhere:] | moderate | objectsWhere
    RLMResults *young = [old objectsWhere:@"age < %ld", (long)named];
    // expect: query | -[RLMResults sortedResultsUsingDescriptors:] | trivial | sortedResultsUsingDescriptors
    RLMResults *sorted = [young sortedResultsUsingDescriptors:@[[RLMSortDescriptor sortDescriptorWithKeyPath:@"name" ascending:YES]]];
    NSLog(@"%@ %@ %lu", rex, sorted, (unsigned long)old.count);
    // Look-alikes: an NSArray's count, firstObject and a Foundation predicate.
    NSArray *names = @[@"a", @"b"];
    NSLog(@"%lu %@", (unsigned long)[names count], [names firstObject]);
    NSLog(@"%@", [names filteredArrayUsingPredicate:[NSPredicate predicateWithFormat:@"SELF == 'a'"]]);
}

- (void)observe {
    // expect: observation | -[RLMResults addNotificationBlock:] | moderate | addNotificationBlock
    self.token = [self.puppies addNotificationBlock:^(RLMResults *results, RLMCollectionChange *change, NSError *error) {
        NSLog(@"%lu", (unsigned long)results.count);
    }];
}

- (void)dealloc {
    // expect: observation | -[RLMNotificationToken invalidate] | trivial | invalidate
    [self.token invalidate];
}

- (void)handOff:(Dog *)dog {
    // expect: threading | +[RLMThreadSafeReference referenceWithThreadConfined:] | moderate | referenceWithThreadConfined
    RLMThreadSafeReference *reference = [RLMThreadSafeReference referenceWithThreadConfined:dog];
    dispatch_async(dispatch_get_global_queue(QOS_CLASS_UTILITY, 0), ^{
        // expect: realm-open | +[RLMRealm defaultRealm] | trivial | defaultRealm ;; threading | RLMRealm inside dispatch_async | moderate | defaultRealm
        RLMRealm *background = [RLMRealm defaultRealm];
        // expect: threading | -[RLMRealm resolveThreadSafeReference:] | moderate | resolveThreadSafeReference
        Dog *resolved = [background resolveThreadSafeReference:reference];
        NSLog(@"%@", resolved.name);
        dispatch_async(dispatch_get_main_queue(), ^{
            // expect: realm-open | +[RLMRealm defaultRealm] | trivial | defaultRealm ;; observation | -[RLMRealm refresh] | trivial | refresh
            [[RLMRealm defaultRealm] refresh];
        });
    });
}

@end
