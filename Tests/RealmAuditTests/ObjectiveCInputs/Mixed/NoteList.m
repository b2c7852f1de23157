#import <Realm/Realm.h>
#import "App-Swift.h"

@implementation NoteListController

- (void)reload {
    // expect: realm-open | +[RLMRealm defaultRealm] | trivial | defaultRealm
    RLMRealm *realm = [RLMRealm defaultRealm];
    // expect: query | -[RLMRealm objects:where:] | moderate | objects
    RLMResults *notes = [realm objects:@"Note" where:@"text CONTAINS %@", @"todo"];
    NSLog(@"%lu", (unsigned long)notes.count);
}

@end
