import Foundation

/// Writes a binary property list object by object (2-byte references and offsets): for
/// archives `NSKeyedArchiver` cannot make, such as cycles and dangling references.
struct BinaryPlistBuilder {
    private(set) var objects: [[UInt8]] = []

    mutating func add(_ bytes: [UInt8]) -> Int {
        objects.append(bytes)
        return objects.count - 1
    }

    /// A marker with a count: in its low nibble, or (15 and more) in the 1-byte integer after it.
    private func marker(_ type: UInt8, _ count: Int) -> [UInt8] {
        count < 15 ? [type | UInt8(count)] : [type | 0x0F, 0x10, UInt8(count)]
    }

    mutating func string(_ text: String) -> Int { add(marker(0x50, text.utf8.count) + Array(text.utf8)) }
    mutating func integer(_ value: UInt8) -> Int { add([0x10, value]) }
    mutating func uid(_ value: UInt8) -> Int { add([0x80, value]) }
    mutating func array(_ references: [Int]) -> Int {
        add(marker(0xA0, references.count) + references.flatMap(Self.twoBytes))
    }
    mutating func dictionary(_ entries: [(key: Int, value: Int)]) -> Int {
        add(
            marker(0xD0, entries.count) + entries.flatMap { Self.twoBytes($0.key) }
                + entries.flatMap { Self.twoBytes($0.value) })
    }

    private static func twoBytes(_ value: Int) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    /// The file: header, objects, offset table, trailer.
    func data(top: Int) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets { bytes += Self.twoBytes(offset) }
        bytes += [0, 0, 0, 0, 0, 0, 2, 2]
        for value in [objects.count, top, table] {
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
        }
        return Data(bytes)
    }
}

/// Writes a keyed archive on a `BinaryPlistBuilder`: `$objects` entries by UID, with `$null` at UID 0.
struct KeyedArchiveBuilder {
    var plist = BinaryPlistBuilder()
    /// Plist object index of each UID (`nil` while reserved).
    private var entries: [Int?] = []

    init() { entries.append(plist.string("$null")) }

    /// A UID whose object is set later with `set(_:to:)`: for references to an object not built yet (cycles).
    mutating func reserve() -> UInt8 {
        entries.append(nil)
        return UInt8(entries.count - 1)
    }

    mutating func set(_ uid: UInt8, to plistObject: Int) { entries[Int(uid)] = plistObject }

    /// A new `$objects` entry holding `plistObject`.
    mutating func entry(_ plistObject: Int) -> UInt8 {
        let uid = reserve()
        set(uid, to: plistObject)
        return uid
    }

    mutating func string(_ text: String) -> UInt8 { entry(plist.string(text)) }

    /// `{$classname: name, $classes: [name, NSObject]}`.
    mutating func classInfo(_ name: String) -> UInt8 {
        let nameObject = plist.string(name)
        let classes = plist.array([nameObject, plist.string("NSObject")])
        return entry(plist.dictionary([(plist.string("$classname"), nameObject), (plist.string("$classes"), classes)]))
    }

    /// An instance dictionary: `$class` plus `fields` (plist objects).
    mutating func instance(_ classUID: UInt8, _ fields: [(String, Int)]) -> Int {
        var pairs = [(key: plist.string("$class"), value: plist.uid(classUID))]
        for (name, value) in fields { pairs.append((plist.string(name), value)) }
        return plist.dictionary(pairs)
    }

    /// A plist array of UID objects.
    mutating func uids(_ values: [UInt8]) -> Int { plist.array(values.map { plist.uid($0) }) }

    /// An `NSDictionary` instance of `keys` → `values` (UIDs).
    mutating func dictionary(_ classUID: UInt8, keys: [UInt8], values: [UInt8]) -> Int {
        instance(classUID, [("NS.keys", uids(keys)), ("NS.objects", uids(values))])
    }

    /// The archive with `root` as `$top.root`.
    func data(root: UInt8, archiver: String = "NSKeyedArchiver") -> Data {
        var plist = plist
        let objects = plist.array(entries.map { $0 ?? 0 })
        let top = plist.dictionary([(plist.string("root"), plist.uid(root))])
        let archive = plist.dictionary([
            (plist.string("$archiver"), plist.string(archiver)), (plist.string("$version"), plist.integer(100)),
            (plist.string("$top"), top), (plist.string("$objects"), objects),
        ])
        return plist.data(top: archive)
    }
}
