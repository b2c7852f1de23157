#import "Dog.h"

// Receivers the file does not type: recognised by the selector (or the receiver's name) only, and said so.
@implementation DogSummary (Untyped)

- (void)updateWith:(id)store items:(id)items {
    // expect: write | -[RLMRealm beginWriteTransaction] | trivial | beginWriteTransaction
    [[store realm] beginWriteTransaction];
    // expect: query | -[RLMResults objectsWhere:] | moderate | objectsWhere
    id matching = [items objectsWhere:@"age >= 2"];
    // expect: write | -[RLMRealm addObject:] | trivial | addObject
    [[store realm] addObject:matching];
    // expect: write | -[RLMRealm commitWriteTransaction] | trivial | commitWriteTransaction
    [[store realm] commitWriteTransaction];
    // Not a realm by its name: nothing.
    [store addObject:matching];
}

@end
