#import <Realm/Realm.h>
#import "KNLModels.h"

/// Seeded data for screenshots; never in a user's file.
@interface KNLSampleData : RLMObject
@property NSString *label;
@end

@interface Dog (KNLPresentation)
@property (nonatomic, readonly) NSString *badge;
@property (nonatomic) NSString *tagline;
@end

@interface Vet : RLMObject
@property NSString *name;
#ifdef KNL_FEATURE_CLINICS
@property NSString *clinic;
#else
@property NSString *practice;
#endif
@property unsigned int licenseNumber;
@end
