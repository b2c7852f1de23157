#import <Realm/Realm.h>

NS_ASSUME_NONNULL_BEGIN

@interface Track : RLMObject

@property NSString *id;
@property NSString *title;
@property NSString *artist;
@property double duration;
@property (nullable) NSString *genre;
@property NSDate *releaseDate;
@property NSString *genreIndexed;

/// Not stored: derived from `duration`.
@property (readonly) NSString *formattedDuration;

@end

NS_ASSUME_NONNULL_END
