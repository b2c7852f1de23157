//  Dog.h — a kennel app's models, as Realm's Objective-C apps declare them.
#import <Realm/Realm.h>

@class Person;

// expect: model | RLMEmbeddedObject subclass | trivial | @interface
@interface Address : RLMEmbeddedObject
// expect: model | @property | trivial | @property
@property NSString *street;
@end

// expect: model | RLMObject subclass | trivial | @interface
@interface Dog : RLMObject
// expect: model | @property | trivial | @property
@property NSString *dogID;
// expect: model | @property | trivial | @property
@property NSString *name;
// expect: model | @property | trivial | @property
@property NSInteger age;
// expect: model | @property | trivial | @property
@property (nonatomic, strong) Address *address;
// expect: model | RLMLinkingObjects | trivial | @property
@property (readonly) RLMLinkingObjects<Person *> *owners;
// Not persisted: readonly, computed.
@property (readonly) NSString *displayName;
@end
RLM_COLLECTION_TYPE(Dog)

// expect: model | RLMObject subclass | trivial | @interface
@interface Person : RLMObject
// expect: model | @property | trivial | @property
@property NSString *name;
// expect: model | RLMArray | trivial | @property
@property RLMArray<Dog *><Dog> *dogs;
@end

// A subclass of a model class: its own properties and Person's.
// expect: model | subclass of a model class | moderate | @interface
@interface Breeder : Person
// expect: model | @property | trivial | @property
@property NSString *kennelName;
@end

// Not a model: an NSObject with properties typed like Realm's.
@interface DogSummary : NSObject
@property NSString *name;
@property NSInteger count;
@end
