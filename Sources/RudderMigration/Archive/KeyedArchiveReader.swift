import Foundation

/// Reads an `NSKeyedArchiver` archive of property-list classes — dictionaries, arrays, strings, numbers, `NSNull` —
/// from its binary property-list bytes, without `NSKeyedUnarchiver` (which instantiates any class an archive names).
///
/// The archive format: a top-level dictionary with `$archiver` = `NSKeyedArchiver`, `$top` = `{root: UID}` and
/// `$objects`, an array in which a UID is an index (UID 0 is `$null`, i.e. nil). Numbers and strings sit in `$objects`
/// as they are; other objects are dictionaries whose `$class` UID leads to `{$classname: …}`, with `NS.keys` and
/// `NS.objects` (UID arrays) for dictionaries, `NS.objects` for arrays, `NS.string` for mutable strings. Any other
/// class is unsupported. Nesting is limited to `maximumDepth`, the number of values to `maximumValues` (shared
/// references count every time, so a small archive cannot expand without bound), and a reference to an object still
/// being decoded is a cycle.
package struct KeyedArchiveReader {
    static let maximumDepth = 64
    static let maximumValues = 100_000

    private static let dictionaryClasses: Set<String> = ["NSDictionary", "NSMutableDictionary"]
    private static let arrayClasses: Set<String> = ["NSArray", "NSMutableArray"]
    private static let stringClasses: Set<String> = ["NSString", "NSMutableString"]

    private let plist: BinaryPropertyList
    /// `$objects`: UID → object index in `plist`.
    private let archiveObjects: [Int]
    private let root: UInt64

    /// Opens the archive in `data` and checks its top level.
    /// - Throws: `KeyedArchiveError` when `data` is not a binary property list holding a keyed archive.
    init(_ data: Data) throws(KeyedArchiveError) {
        plist = try BinaryPropertyList(data)
        let top = try Self.dictionary(plist, plist.topObject, "archive top level")
        guard let archiver = top["$archiver"], case .string("NSKeyedArchiver") = try plist.object(at: archiver) else {
            throw KeyedArchiveError(.invalid, "archive: $archiver is not NSKeyedArchiver")
        }
        guard let objectsIndex = top["$objects"], case .array(let objects) = try plist.object(at: objectsIndex) else {
            throw KeyedArchiveError(.invalid, "archive: no $objects array")
        }
        guard let topIndex = top["$top"] else { throw KeyedArchiveError(.invalid, "archive: no $top") }
        guard let rootIndex = try Self.dictionary(plist, topIndex, "$top")["root"],
            case .uid(let root) = try plist.object(at: rootIndex)
        else {
            throw KeyedArchiveError(.invalid, "archive: $top has no root UID")
        }
        archiveObjects = objects
        self.root = root
    }

    /// Decodes the archive's root object.
    /// - Throws: `KeyedArchiveError` on a dangling or cyclic reference, an unsupported class, or a limit exceeded.
    func decodeRoot() throws(KeyedArchiveError) -> ArchivedValue {
        var walk = Walk()
        return try decode(uid: root, depth: 0, &walk)
    }

    /// Bookkeeping of one decoding walk.
    private struct Walk {
        var values = 0
        var inProgress: Set<UInt64> = []
    }

    private func decode(uid: UInt64, depth: Int, _ walk: inout Walk) throws(KeyedArchiveError) -> ArchivedValue {
        walk.values += 1
        guard walk.values <= Self.maximumValues else {
            throw KeyedArchiveError(.limitExceeded, "more than \(Self.maximumValues) values")
        }
        guard uid != 0 else { return .null }
        switch try object(uid) {
        case .boolean(let boolean): return .boolean(boolean)
        case .integer(let integer): return .integer(integer)
        case .unsignedInteger(let integer): return .unsignedInteger(integer)
        case .real(let real): return .real(real)
        case .string(let string): return .string(string)
        case .dictionary(let keys, let values):
            guard depth < Self.maximumDepth else {
                throw KeyedArchiveError(.limitExceeded, "nesting deeper than \(Self.maximumDepth)")
            }
            guard walk.inProgress.insert(uid).inserted else {
                throw KeyedArchiveError(.limitExceeded, "reference cycle through object \(uid)")
            }
            defer { walk.inProgress.remove(uid) }
            return try decodeInstance(uid, Self.lookup(plist, keys, values), depth: depth, &walk)
        case let other:
            throw KeyedArchiveError(.unsupported, "\(other.typeName) object \(uid) (traits hold no such value)")
        }
    }

    /// An archived instance: its `$class` decides how its fields are read.
    private func decodeInstance(_ uid: UInt64, _ fields: [String: Int], depth: Int, _ walk: inout Walk)
        throws(KeyedArchiveError) -> ArchivedValue
    {
        let name = try className(fields, of: uid)
        if Self.dictionaryClasses.contains(name) {
            let keys = try uids(fields, "NS.keys", of: uid)
            let values = try uids(fields, "NS.objects", of: uid)
            guard keys.count == values.count else {
                throw KeyedArchiveError(.invalid, "\(name) object \(uid): \(keys.count) keys, \(values.count) values")
            }
            var dictionary: [String: ArchivedValue] = [:]
            for (key, value) in zip(keys, values) {
                guard case .string(let text) = try decode(uid: key, depth: depth + 1, &walk) else {
                    throw KeyedArchiveError(.unsupported, "\(name) object \(uid): a key that is not a string")
                }
                dictionary[text] = try decode(uid: value, depth: depth + 1, &walk)
            }
            return .dictionary(dictionary)
        }
        if Self.arrayClasses.contains(name) {
            var array: [ArchivedValue] = []
            for element in try uids(fields, "NS.objects", of: uid) {
                array.append(try decode(uid: element, depth: depth + 1, &walk))
            }
            return .array(array)
        }
        if Self.stringClasses.contains(name), let field = fields["NS.string"],
            case .string(let string) = try plist.object(at: field)
        {
            return .string(string)
        }
        if name == "NSNull" { return .null }
        throw KeyedArchiveError(.unsupported, "class \(name) (object \(uid)); traits hold property-list classes only")
    }

    /// The plist object a UID names.
    private func object(_ uid: UInt64) throws(KeyedArchiveError) -> BinaryPropertyList.Object {
        guard let index = Int(exactly: uid), index < archiveObjects.count else {
            throw KeyedArchiveError(.invalid, "UID \(uid) (the archive has \(archiveObjects.count) objects)")
        }
        return try plist.object(at: archiveObjects[index])
    }

    private func className(_ fields: [String: Int], of uid: UInt64) throws(KeyedArchiveError) -> String {
        guard let classField = fields["$class"], case .uid(let classUID) = try plist.object(at: classField),
            case .dictionary(let keys, let values) = try object(classUID),
            let nameField = try Self.lookup(plist, keys, values)["$classname"],
            case .string(let name) = try plist.object(at: nameField)
        else {
            throw KeyedArchiveError(.invalid, "object \(uid): no readable $class")
        }
        return name
    }

    private func uids(_ fields: [String: Int], _ key: String, of uid: UInt64) throws(KeyedArchiveError) -> [UInt64] {
        guard let field = fields[key], case .array(let elements) = try plist.object(at: field) else {
            throw KeyedArchiveError(.invalid, "object \(uid): no \(key) array")
        }
        var result: [UInt64] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            guard case .uid(let value) = try plist.object(at: element) else {
                throw KeyedArchiveError(.invalid, "object \(uid): \(key) holds a value that is not a UID")
            }
            result.append(value)
        }
        return result
    }

    /// The plist dictionary at `index`, keyed by its string keys.
    private static func dictionary(_ plist: BinaryPropertyList, _ index: Int, _ context: String)
        throws(KeyedArchiveError) -> [String: Int]
    {
        guard case .dictionary(let keys, let values) = try plist.object(at: index) else {
            throw KeyedArchiveError(.invalid, "\(context): not a dictionary")
        }
        return try lookup(plist, keys, values)
    }

    /// A plist dictionary's entries by key; keys must be strings.
    private static func lookup(_ plist: BinaryPropertyList, _ keys: [Int], _ values: [Int])
        throws(KeyedArchiveError) -> [String: Int]
    {
        var entries: [String: Int] = [:]
        for (key, value) in zip(keys, values) {
            guard case .string(let name) = try plist.object(at: key) else {
                throw KeyedArchiveError(.invalid, "dictionary key that is not a string")
            }
            entries[name] = value
        }
        return entries
    }
}
