//
//  MUSAlbum.h
//  Music
//

#import <Realm/Realm.h>

@class Track;

NS_ASSUME_NONNULL_BEGIN

RLM_COLLECTION_TYPE(Track)

/// An album: its tracks in play order.
@interface Album : RLMObject

@property NSString *id;
@property NSString *title;
@property RLMArray<Track *><Track> *tracks;

@end

RLM_COLLECTION_TYPE(Album)

NS_ASSUME_NONNULL_END
