#import <Realm/Realm.h>

// Declared in Swift (Walker.swift), seen here through the generated "PetShelter-Swift.h".
@class Walker;

@interface Pet : RLMObject
@property NSString *name;
@property Walker *favoriteWalker;
@end

RLM_COLLECTION_TYPE(Pet)
