//
//  ATAllTypes.h
//  Every property type Realm's Objective-C SDK persists, as one model declares them
//  (the schema of music's sibling fixture, alltypes.v24.realm).
//

#import <Realm/Realm.h>

@class LinkTarget;
@class EmbeddedThing;

NS_ASSUME_NONNULL_BEGIN

RLM_COLLECTION_TYPE(LinkTarget)
RLM_COLLECTION_TYPE(EmbeddedThing)

@interface AllTypes : RLMObject

@property NSInteger id;
@property BOOL boolVal;
@property NSInteger intVal;
// int8_t is encoded 'c', which Realm reads as a bool: an 8-bit column is declared with a wider type.
@property short int8Val;
@property int16_t int16Val;
@property int32_t int32Val;
@property float floatVal;
@property double doubleVal;
@property NSString *stringVal;
@property NSString *shortStringVal;
@property NSString *mediumStringVal;
@property NSData *dataVal;
@property NSDate *dateVal;
@property RLMDecimal128 *decimalVal;
@property RLMObjectId *objectIdVal;
@property NSUUID *uuidVal;
@property id<RLMValue> anyVal;

@property (nullable) NSNumber<RLMBool> *optBoolVal;
@property (nullable) NSNumber<RLMInt> *optIntVal;
@property (nullable) NSNumber<RLMFloat> *optFloatVal;
@property (nullable) NSNumber<RLMDouble> *optDoubleVal;
@property (nullable) NSString *optStringVal;
@property (nullable) NSData *optDataVal;
@property (nullable) NSDate *optDateVal;
@property (nullable) RLMDecimal128 *optDecimalVal;
@property (nullable) RLMObjectId *optObjectIdVal;
@property (nullable) NSUUID *optUuidVal;

@property NSString *indexedString;
@property (nullable) NSString *indexedOptString;
@property NSInteger indexedInt;
@property BOOL indexedBool;
@property NSDate *indexedDate;
@property RLMObjectId *indexedObjectId;
@property NSUUID *indexedUuid;


@property RLMArray<NSNumber *><RLMBool> *boolList;
@property RLMArray<NSNumber *><RLMBool> *optBoolList;
@property RLMArray<NSNumber *><RLMInt> *intList;
@property RLMArray<NSNumber *><RLMInt> *optIntList;
@property RLMArray<NSNumber *><RLMFloat> *floatList;
@property RLMArray<NSNumber *><RLMFloat> *optFloatList;
@property RLMArray<NSNumber *><RLMDouble> *doubleList;
@property RLMArray<NSNumber *><RLMDouble> *optDoubleList;
@property RLMArray<NSString *><RLMString> *stringList;
@property RLMArray<NSString *><RLMString> *optStringList;
@property RLMArray<NSData *><RLMData> *dataList;
@property RLMArray<NSData *><RLMData> *optDataList;
@property RLMArray<NSDate *><RLMDate> *dateList;
@property RLMArray<NSDate *><RLMDate> *optDateList;
@property RLMArray<RLMDecimal128 *><RLMDecimal128> *decimalList;
@property RLMArray<RLMDecimal128 *><RLMDecimal128> *optDecimalList;
@property RLMArray<RLMObjectId *><RLMObjectId> *objectIdList;
@property RLMArray<RLMObjectId *><RLMObjectId> *optObjectIdList;
@property RLMArray<NSUUID *><RLMUUID> *uuidList;
@property RLMArray<NSUUID *><RLMUUID> *optUuidList;
@property RLMArray<id<RLMValue>><RLMValue> *anyList;

@property RLMSet<NSNumber *><RLMBool> *boolSet;
@property RLMSet<NSNumber *><RLMBool> *optBoolSet;
@property RLMSet<NSNumber *><RLMInt> *intSet;
@property RLMSet<NSNumber *><RLMInt> *optIntSet;
@property RLMSet<NSNumber *><RLMFloat> *floatSet;
@property RLMSet<NSNumber *><RLMFloat> *optFloatSet;
@property RLMSet<NSNumber *><RLMDouble> *doubleSet;
@property RLMSet<NSNumber *><RLMDouble> *optDoubleSet;
@property RLMSet<NSString *><RLMString> *stringSet;
@property RLMSet<NSString *><RLMString> *optStringSet;
@property RLMSet<NSData *><RLMData> *dataSet;
@property RLMSet<NSData *><RLMData> *optDataSet;
@property RLMSet<NSDate *><RLMDate> *dateSet;
@property RLMSet<NSDate *><RLMDate> *optDateSet;
@property RLMSet<RLMDecimal128 *><RLMDecimal128> *decimalSet;
@property RLMSet<RLMDecimal128 *><RLMDecimal128> *optDecimalSet;
@property RLMSet<RLMObjectId *><RLMObjectId> *objectIdSet;
@property RLMSet<RLMObjectId *><RLMObjectId> *optObjectIdSet;
@property RLMSet<NSUUID *><RLMUUID> *uuidSet;
@property RLMSet<NSUUID *><RLMUUID> *optUuidSet;
@property RLMSet<id<RLMValue>><RLMValue> *anySet;

@property RLMDictionary<NSString *, NSNumber *><RLMString, RLMBool> *boolMap;
@property RLMDictionary<NSString *, NSNumber *><RLMString, RLMBool> *optBoolMap;
@property RLMDictionary<NSString *, NSNumber *><RLMString, RLMInt> *intMap;
@property RLMDictionary<NSString *, NSNumber *><RLMString, RLMInt> *optIntMap;
@property RLMDictionary<NSString *, NSNumber *><RLMString, RLMFloat> *floatMap;
@property RLMDictionary<NSString *, NSNumber *><RLMString, RLMFloat> *optFloatMap;
@property RLMDictionary<NSString *, NSNumber *><RLMString, RLMDouble> *doubleMap;
@property RLMDictionary<NSString *, NSNumber *><RLMString, RLMDouble> *optDoubleMap;
@property RLMDictionary<NSString *, NSString *><RLMString, RLMString> *stringMap;
@property RLMDictionary<NSString *, NSString *><RLMString, RLMString> *optStringMap;
@property RLMDictionary<NSString *, NSData *><RLMString, RLMData> *dataMap;
@property RLMDictionary<NSString *, NSData *><RLMString, RLMData> *optDataMap;
@property RLMDictionary<NSString *, NSDate *><RLMString, RLMDate> *dateMap;
@property RLMDictionary<NSString *, NSDate *><RLMString, RLMDate> *optDateMap;
@property RLMDictionary<NSString *, RLMDecimal128 *><RLMString, RLMDecimal128> *decimalMap;
@property RLMDictionary<NSString *, RLMDecimal128 *><RLMString, RLMDecimal128> *optDecimalMap;
@property RLMDictionary<NSString *, RLMObjectId *><RLMString, RLMObjectId> *objectIdMap;
@property RLMDictionary<NSString *, RLMObjectId *><RLMString, RLMObjectId> *optObjectIdMap;
@property RLMDictionary<NSString *, NSUUID *><RLMString, RLMUUID> *uuidMap;
@property RLMDictionary<NSString *, NSUUID *><RLMString, RLMUUID> *optUuidMap;
@property RLMDictionary<NSString *, id<RLMValue>><RLMString, RLMValue> *anyMap;

@property (nullable) LinkTarget *link;
@property RLMArray<LinkTarget *><LinkTarget> *linkList;
@property RLMSet<LinkTarget *><LinkTarget> *linkSet;
@property RLMDictionary<NSString *, LinkTarget *><RLMString, LinkTarget> *linkMap;
@property (nullable) AllTypes *selfLink;
@property (nullable) EmbeddedThing *embedded;
@property RLMArray<EmbeddedThing *><EmbeddedThing> *embeddedList;
@property RLMDictionary<NSString *, EmbeddedThing *><RLMString, EmbeddedThing> *embeddedMap;

@end

@interface LinkTarget : RLMObject
@property NSInteger id;
@property NSString *name;
@end

@interface EmbeddedChild : RLMEmbeddedObject
@property (nullable) NSString *note;
@property BOOL flag;
@end

@interface EmbeddedThing : RLMEmbeddedObject
@property NSString *name;
@property NSInteger value;
@property (nullable) NSDate *when;
@property (nullable) EmbeddedChild *child;
@end

NS_ASSUME_NONNULL_END
