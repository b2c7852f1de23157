#import <Realm/Realm.h>
#import "MUSAlbum.h"

@interface Artist : RLMObject
@property (nonatomic, strong) RLMObjectId *id;
@property (nonatomic, copy, nonnull) NSString *name;   // required through +requiredProperties, not nonnull
@property (nonatomic, strong) RLMArray<Album *><Album> *albums;
@end
