#import <Realm/Realm.h>
#import "MUSTrack.h"

NS_ASSUME_NONNULL_BEGIN

@interface Playlist : RLMObject
@property NSUUID *id;
@property NSString *name;
@property RLMArray<Track *><Track> *tracks;
@property RLMSet<NSString *><RLMString> *tags;
@property RLMDictionary<NSString *, NSNumber *><RLMString, RLMInt> *ratings;
@end

NS_ASSUME_NONNULL_END
