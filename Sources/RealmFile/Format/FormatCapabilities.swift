/// What the engine generation that writes a file format can store in it (realm-file-format.md §9).
///
/// Formats 10 and 11 (realm-core 6) have the column types Int, Bool, String, Binary, Timestamp, Float, Double, Link,
/// LinkList and BackLink, lists of them, and no sets or dictionaries (`ColumnType` and `ColumnAttr` in
/// `column_type.hpp` at v6.2.4); format 11 was also written by pre-releases of realm-core 10, which added Decimal128
/// and ObjectId (`column_type.hpp` at v10.0.0-beta.1). Type code 6 meant the pre-cluster `OldMixed` there, not
/// today's Mixed, so a column a format cannot hold is reported as corrupt rather than read with a later format's
/// meaning. Formats 20 and newer are read with every type.
struct FormatCapabilities: Sendable {
    /// The ColKey type codes a column may have, or `nil` for no restriction.
    let columnTypes: Set<Int>?
    /// Whether columns may be sets or dictionaries.
    let hasSetsAndDictionaries: Bool

    init(fileFormat: Int) {
        let coreSix: Set<Int> = [
            ColumnTypeCode.int, ColumnTypeCode.bool, ColumnTypeCode.string, ColumnTypeCode.binary,
            ColumnTypeCode.timestamp, ColumnTypeCode.float, ColumnTypeCode.double, ColumnTypeCode.link,
            ColumnTypeCode.linkList, ColumnTypeCode.backlink,
        ]
        switch fileFormat {
        case 10:
            columnTypes = coreSix
            hasSetsAndDictionaries = false
        case 11:
            columnTypes = coreSix.union([ColumnTypeCode.decimal, ColumnTypeCode.objectId])
            hasSetsAndDictionaries = false
        default:
            columnTypes = nil
            hasSetsAndDictionaries = true
        }
    }

    /// Throws unless the format can hold a column of the spec entry's type and collection kind.
    func check(_ entry: SpecReader.Entry, fileFormat: Int, specRef: Int) throws(RealmFileError) {
        if let columnTypes, !columnTypes.contains(entry.typeCode) {
            throw RealmFileError(
                .corruptNode, offset: specRef,
                context: "column \"\(entry.name)\" of type \(entry.typeCode), which format \(fileFormat) does not have")
        }
        if !hasSetsAndDictionaries, entry.attributes & (ColumnAttribute.set | ColumnAttribute.dictionary) != 0 {
            throw RealmFileError(
                .corruptNode, offset: specRef,
                context: "column \"\(entry.name)\" is a set or dictionary, which format \(fileFormat) does not have")
        }
    }
}
