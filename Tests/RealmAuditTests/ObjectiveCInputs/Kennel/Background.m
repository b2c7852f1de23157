#import "Dog.h"

// Realms opened in blocks handed to other queues: threading findings besides their openings.
@interface BackgroundImport : NSObject
@property (nonatomic, strong) NSOperationQueue *queue;
@property (nonatomic, strong) dispatch_queue_t serialQueue;
@end

@implementation BackgroundImport

- (void)importDogs:(NSArray *)values {
    [self.queue addOperationWithBlock:^{
        // expect: realm-open | +[RLMRealm defaultRealm] | trivial | defaultRealm ;; threading | RLMRealm inside addOperationWithBlock: | moderate | defaultRealm
        RLMRealm *realm = [RLMRealm defaultRealm];
        // expect: write | -[RLMRealm transactionWithBlock:] | trivial | transactionWithBlock
        [realm transactionWithBlock:^{
            for (NSDictionary *value in values) {
                // expect: write | +[RLMObject createOrUpdateInRealm:withValue:] | moderate | createOrUpdateInRealm
                [Dog createOrUpdateInRealm:realm withValue:value];
            }
        }];
    }];
    [[NSOperationQueue mainQueue] addOperationWithBlock:^{
        // expect: realm-open | +[RLMRealm defaultRealm] | trivial | defaultRealm ;; observation | -[RLMRealm refresh] | trivial | refresh
        [[RLMRealm defaultRealm] refresh];
    }];
    dispatch_sync(self.serialQueue, ^{
        // expect: realm-open | +[RLMRealm realmWithConfiguration:error:] | trivial | realmWithConfiguration ;; threading | RLMRealm inside dispatch_sync | moderate | realmWithConfiguration ;; configuration | +[RLMRealmConfiguration defaultConfiguration] | trivial | defaultConfiguration
        RLMRealm *copy = [RLMRealm realmWithConfiguration:[RLMRealmConfiguration defaultConfiguration] error:nil];
        NSLog(@"%@", copy);
    });
}

@end
