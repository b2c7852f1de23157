import Foundation
import RealmExport
import RealmFile
import TestSupport
import Testing

/// The digest of `medium.v24.realm` equals the one realm-core computed (`medium.v24.digest.json`).
@Suite struct RealmDigestTests {
    @Test func mediumMatchesTheEngineDigest() throws {
        let file = try RealmFileReader(url: Fixtures.realm("medium.v24.realm"))
        let ours = JSONValue(try LenientJSON.parse(Array(RealmDigest.jsonText(file).utf8)))
        let truth = try FixtureTruth.dump("medium.v24", suffix: "digest.json")
        let difference = ours.firstDifference(from: truth)
        #expect(difference == nil, "\(difference ?? "")")
    }

    /// `%.17g`, as the digest prints double sums, checked against the C library.
    @Test func generalNumberTextMatchesTheCLibrary() throws {
        let formatter = ScientificFormatter()
        var generator = SeededRandomNumberGenerator(seed: 17)
        var values: [Double] = [480_161_499.125, 0, -0.0, 1e300, 1e-5, 0.0001, 123_456_789_012_345_680, 0.1, -2.5]
        for _ in 0..<2000 { values.append(Double(bitPattern: generator.next())) }
        for value in values where value.isFinite {
            var buffer = [CChar](repeating: 0, count: 64)
            let count = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.17g", $0) }
            let expected = String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            #expect(formatter.generalText(value) == expected)
        }
    }
}
