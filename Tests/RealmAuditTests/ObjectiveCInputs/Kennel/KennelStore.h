#import <Foundation/Foundation.h>
#import "Dog.h"

@interface KennelStore : NSObject
// expect: query | RLMResults | trivial | RLMResults
@property (nonatomic, strong) RLMResults<Dog *> *puppies;
// expect: observation | RLMNotificationToken | moderate | RLMNotificationToken
@property (nonatomic, strong) RLMNotificationToken *token;
@property (nonatomic, strong) NSMutableArray *recentDogs;
- (void)saveDog:(Dog *)dog;
@end
