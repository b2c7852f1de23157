#import <Realm/Realm.h>

/// A base class whose subclasses add what they need; its +defaultPropertyValues builds a dictionary at run time.
@interface FDRecord : RLMObject
@property NSString *uuid;
@property NSString *metadata;
@end

@interface FDDraft : FDRecord
@property NSString *body;
@property NSDate *savedAt;
@end
