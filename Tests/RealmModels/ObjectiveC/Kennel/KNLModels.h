//
//  KNLModels.h
//  Kennel — the app's Realm models, shared by the app and its extension.
//

#ifndef KNLModels_h
#define KNLModels_h

#import <Realm/Realm.h>

typedef NS_ENUM(NSInteger, KNLSize) {
    KNLSizeSmall = 0,
    KNLSizeLarge = 1,
};

typedef NS_OPTIONS(NSUInteger, KNLFlags) {
    KNLFlagsNone = 0,
    KNLFlagsVaccinated = 1 << 0,
};

typedef int64_t KNLServerID;

@class Owner;
@class Vet;

NS_ASSUME_NONNULL_BEGIN

/// Fields every stored record shares.
@interface KNLRecord : RLMObject
@property NSString *uuid;
@property (nullable) NSDate *createdAt;
@property (nonatomic, assign) KNLServerID serverID;
@end

/// A pet: the hierarchy's middle class.
@interface Animal : KNLRecord
@property (nonatomic, copy) NSString *name;
@property (nonatomic) KNLSize size;
@property (nonatomic, getter=isAdopted) BOOL adopted;
@property NSNumber<RLMDouble> * _Nullable weight;
@property (readonly) NSString *displayName;
@end

/* A dog. "@property NSString *notAProperty;" in a comment is not read. */
@interface Dog : Animal
@property NSNumber<RLMInt> *age;
@property NSNumber<RLMBool> *neutered;
@property (nullable) Owner *owner;
@property RLMArray<NSString *><RLMString> *nicknames;
@property RLMSet<NSNumber *><RLMInt> *luckyNumbers;
@property (readonly) RLMLinkingObjects *walkers;
@end

RLM_COLLECTION_TYPE(Dog)

/// Where an owner lives; stored inside the owner.
@interface Address : RLMEmbeddedObject
@property NSString *street;
@property NSString *city;
@end

@interface Owner : RLMObject
@property long long ownerID;
@property NSString *fullName;
@property RLMArray<Dog *><Dog> *dogs;
@property RLMDictionary<NSString *, Dog *><RLMString, Dog> *dogsByTag;
@property (nullable) Address *address;
@property id<RLMValue> preferences;
@property NSData *avatar;
@property RLMDecimal128 *balance;
@property float rating;
@property short visits;
@property int64_t points;
@property (nonatomic) KNLFlags flags;
@end

/// A walk: write-only, synced to the server.
@interface WalkEvent : RLMAsymmetricObject
@property RLMObjectId *_id;
@property NSDate *startedAt;
@property (readonly) NSString *summary;
@end

NS_ASSUME_NONNULL_END

#endif /* KNLModels_h */
