import Foundation
import RudderMigration
import TestSupport
import Testing

/// The bounded keyed-archive reader behind v2's `rs_traits`: archives Foundation's `NSKeyedArchiver` writes decode to
/// their values; hand-built and damaged ones throw a typed error and never trap.
@Suite struct KeyedArchiveReaderTests {
    static func archive(_ object: Any) throws -> Data {
        try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: false)
    }

    /// Traits as an app passes them to `identify`, archived the way the v2 SDK's `RSIdentifyTraitsPlugin` does.
    static var traits: [String: Any] {
        [
            "userId": "u-1", "email": "ada@example.com", "age": 42, "vip": true, "score": 1.5,
            "tags": ["beta", 2], "address": ["city": "Lisbon", "zip": NSNull()],
        ]
    }

    @Test func traitsArchivedByFoundationDecodeToTheirValues() throws {
        let decoded = try KeyedArchiveReader.decodeForTesting(try Self.archive(Self.traits))
        #expect(
            decoded
                == .dictionary([
                    "userId": .string("u-1"), "email": .string("ada@example.com"), "age": .integer(42),
                    "vip": .boolean(true), "score": .real(1.5), "tags": .array([.string("beta"), .integer(2)]),
                    "address": .dictionary(["city": .string("Lisbon"), "zip": .null]),
                ]))
    }

    @Test func nonASCIIStringsAndExtremeIntegersDecode() throws {
        let object: [String: Any] = [
            "name": "Zoë ✓ 🚀", "max": Int64.max, "min": Int64.min, "unsigned": NSNumber(value: UInt64.max),
            "negative": -5,
        ]
        let decoded = try KeyedArchiveReader.decodeForTesting(try Self.archive(object))
        #expect(
            decoded
                == .dictionary([
                    "name": .string("Zoë ✓ 🚀"), "max": .integer(.max), "min": .integer(.min),
                    "unsigned": .unsignedInteger(.max), "negative": .integer(-5),
                ]))
    }

    /// Apple's archiver writes mutable strings as `NS.string` instances and `NSNull` as an instance of its class.
    @Test func mutableStringAndNullInstancesDecode() throws {
        var builder = KeyedArchiveBuilder()
        let dictionaryClass = builder.classInfo("NSMutableDictionary")
        let stringClass = builder.classInfo("NSMutableString")
        let nullClass = builder.classInfo("NSNull")
        let ada = builder.plist.string("Ada")
        let name = builder.entry(builder.instance(stringClass, [("NS.string", ada)]))
        let null = builder.entry(builder.instance(nullClass, []))
        let keys = [builder.string("name"), builder.string("none")]
        let root = builder.entry(builder.dictionary(dictionaryClass, keys: keys, values: [name, null]))

        let decoded = try KeyedArchiveReader.decodeForTesting(builder.data(root: root))
        #expect(decoded == .dictionary(["name": .string("Ada"), "none": .null]))
    }

    @Test func classesOtherThanThePropertyListOnesAreUnsupported() throws {
        let data = try Self.archive(["born": Date(timeIntervalSince1970: 0), "name": "Ada"])
        let error = #expect(throws: KeyedArchiveError.self) { try KeyedArchiveReader.decodeForTesting(data) }
        #expect(error?.kind == .unsupported)
        #expect(error?.description.contains("NSDate") == true)
    }

    @Test func aDictionaryKeyThatIsNotAStringIsUnsupported() throws {
        let data = try Self.archive(NSDictionary(dictionary: [1: "a"]))
        let error = #expect(throws: KeyedArchiveError.self) { try KeyedArchiveReader.decodeForTesting(data) }
        #expect(error?.kind == .unsupported)
    }

    @Test func aReferenceCycleIsRejected() throws {
        var builder = KeyedArchiveBuilder()
        let arrayClass = builder.classInfo("NSArray")
        let loop = builder.reserve()
        builder.set(loop, to: builder.instance(arrayClass, [("NS.objects", builder.uids([loop]))]))

        let error = #expect(throws: KeyedArchiveError.self) {
            try KeyedArchiveReader.decodeForTesting(builder.data(root: loop))
        }
        #expect(error?.kind == .limitExceeded)
        #expect(error?.description.contains("cycle") == true)
    }

    @Test func aUIDPastTheObjectsIsInvalid() throws {
        var builder = KeyedArchiveBuilder()
        let arrayClass = builder.classInfo("NSArray")
        let root = builder.entry(builder.instance(arrayClass, [("NS.objects", builder.uids([200]))]))

        let error = #expect(throws: KeyedArchiveError.self) {
            try KeyedArchiveReader.decodeForTesting(builder.data(root: root))
        }
        #expect(error?.kind == .invalid)
    }

    @Test func keysAndValuesOfDifferentCountsAreInvalid() throws {
        var builder = KeyedArchiveBuilder()
        let dictionaryClass = builder.classInfo("NSDictionary")
        let key = builder.string("k")
        let root = builder.entry(builder.dictionary(dictionaryClass, keys: [key, key], values: [key]))

        let error = #expect(throws: KeyedArchiveError.self) {
            try KeyedArchiveReader.decodeForTesting(builder.data(root: root))
        }
        #expect(error?.kind == .invalid)
    }

    @Test func anArchiveOfAnotherArchiverIsInvalid() throws {
        var builder = KeyedArchiveBuilder()
        let root = builder.string("x")
        #expect(throws: KeyedArchiveError.self) {
            try KeyedArchiveReader.decodeForTesting(builder.data(root: root, archiver: "SomethingElse"))
        }
    }

    /// Built by hand: Foundation on Linux takes exponential time to archive deeply nested arrays.
    @Test func nestingBeyondTheDepthLimitIsRejected() throws {
        var builder = KeyedArchiveBuilder()
        let arrayClass = builder.classInfo("NSArray")
        var nested = builder.string("leaf")
        for _ in 0..<100 {
            nested = builder.entry(builder.instance(arrayClass, [("NS.objects", builder.uids([nested]))]))
        }
        let error = #expect(throws: KeyedArchiveError.self) {
            try KeyedArchiveReader.decodeForTesting(builder.data(root: nested))
        }
        #expect(error?.kind == .limitExceeded)
        #expect(error?.description.contains("nesting") == true)
    }

    /// 1.2 kB whose shared references would expand to 50³ values.
    @Test func sharedReferencesCannotExpandBeyondTheValueLimit() throws {
        let level1 = NSArray(array: Array(repeating: "x", count: 50))
        let level2 = NSArray(array: Array(repeating: level1, count: 50))
        let data = try Self.archive(["wide": NSArray(array: Array(repeating: level2, count: 50))])
        #expect(data.count < 4096)
        let error = #expect(throws: KeyedArchiveError.self) { try KeyedArchiveReader.decodeForTesting(data) }
        #expect(error?.kind == .limitExceeded)
    }

    /// Trailer fields (offset from the end of the file) set to values that point outside the file.
    static let trailerCorruptions: [(name: String, offsetFromEnd: Int, bytes: [UInt8])] = [
        ("offset size 0", 26, [0]),
        ("reference size 9", 25, [9]),
        ("object count 2^63", 24, [0x80, 0, 0, 0, 0, 0, 0, 0]),
        ("top object past the objects", 16, [0, 0, 0, 0, 0, 0, 0x7F, 0xFF]),
        ("offset table past the end", 8, [0, 0, 0, 0, 0, 0, 0xFF, 0xFF]),
        ("offset table inside the header", 8, [0, 0, 0, 0, 0, 0, 0, 2]),
    ]

    @Test(arguments: trailerCorruptions.map(\.name))
    func aCorruptTrailerThrows(_ name: String) throws {
        let corruption = try #require(Self.trailerCorruptions.first { $0.name == name })
        var data = try Self.archive(Self.traits)
        let start = data.count - corruption.offsetFromEnd
        data.replaceSubrange(start..<start + corruption.bytes.count, with: corruption.bytes)
        let error = #expect(throws: KeyedArchiveError.self) { try KeyedArchiveReader.decodeForTesting(data) }
        #expect(error?.kind == .invalid, "\(name): \(String(describing: error))")
    }

    @Test func anOffsetIntoTheHeaderOrPastTheObjectsThrows() throws {
        let valid = try Self.archive(Self.traits)
        let offsetSize = Int(valid[valid.count - 26])
        let table = valid.suffix(8).reduce(0) { $0 << 8 | Int($1) }
        for offset in [0, table + 1] {
            var data = valid
            let bytes = (0..<offsetSize).reversed().map { UInt8(truncatingIfNeeded: offset >> ($0 * 8)) }
            data.replaceSubrange(table..<table + offsetSize, with: bytes)
            #expect(throws: KeyedArchiveError.self) { try KeyedArchiveReader.decodeForTesting(data) }
        }
    }

    @Test func bytesThatAreNotABinaryPropertyListThrow() throws {
        let xml = try PropertyListSerialization.data(fromPropertyList: ["a": 1], format: .xml, options: 0)
        for data in [Data(), Data("bplist00".utf8), xml, Data(repeating: 0, count: 64)] {
            #expect(throws: KeyedArchiveError.self) { try KeyedArchiveReader.decodeForTesting(data) }
        }
    }

    @Test func everyTruncationThrows() throws {
        let data = try Self.archive(Self.traits)
        for length in 0..<data.count {
            #expect(throws: KeyedArchiveError.self, "length \(length)") {
                try KeyedArchiveReader.decodeForTesting(data.prefix(length))
            }
        }
    }

    /// Random byte changes: every result is a value or a `KeyedArchiveError` (a trap would end the test run).
    @Test func seededByteFlipsReturnOrThrow() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["CARRYOVER_FUZZ_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        print("KeyedArchiveReader flip seed: \(seed) (replay: CARRYOVER_FUZZ_SEED=\(seed))")
        var random = SeededRandomNumberGenerator(seed: seed)
        let valid = try Self.archive(Self.traits)
        var outcomes = (decoded: 0, thrown: 0)
        for _ in 0..<3000 {
            var data = valid
            for _ in 0..<(1 + random.next() % 4) {
                data[Int(random.next() % UInt64(data.count))] = UInt8(truncatingIfNeeded: random.next())
            }
            do {
                _ = try KeyedArchiveReader.decodeForTesting(data)
                outcomes.decoded += 1
            } catch {
                outcomes.thrown += 1
            }
        }
        print("KeyedArchiveReader flips: \(outcomes.decoded) decoded, \(outcomes.thrown) threw")
        #expect(outcomes.decoded + outcomes.thrown == 3000)
    }
}
