//
//  FDModels.h
//  Feeds — posts and their authors, kept offline.
//

#import <Foundation/Foundation.h>
#import <Realm/Realm.h>

@protocol FDCascadeDeleting <NSObject>
- (NSArray *)objectsToDeleteWithSelf;
@end

@class FDAuthor;

/// A link in a post: the old style, where the protocol alone names the element type.
@interface FDLink : RLMObject
@property NSString *url;
@end
RLM_ARRAY_TYPE(FDLink)

@interface FDMention : RLMObject
@property int64_t id;
@property NSString *name;
@end
RLM_ARRAY_TYPE(FDMention)

/// The entities of a post.
@interface FDEntities : RLMObject <FDCascadeDeleting>
@property RLMArray<FDLink> *links;
@property RLMArray <FDMention *> <FDMention> *mentions;
@end

@interface FDPost : RLMObject <FDCascadeDeleting>
typedef NS_ENUM(int, FDPostKind) {
    FDPostKindText,
    FDPostKindPhoto,
};
@property NSNumber<RLMInt> *id;
@property NSString *text;
@property FDAuthor *author;
@property FDEntities *entities;
@property RLMArray<FDAuthor> *watchers;
@property BOOL reposted;
@property NSInteger kindValue;
@property enum FDPostKind kind;
@property NSMutableArray *pendingImages;
@end
RLM_ARRAY_TYPE(FDPost)

@interface FDAuthor : RLMObject
@property int64_t id;
@property NSString *name;
@property NSData *color;
@property CGFloat score;
@property (readonly) RLMLinkingObjects<FDPost *> *watchedPosts;
@end
RLM_ARRAY_TYPE(FDAuthor)
