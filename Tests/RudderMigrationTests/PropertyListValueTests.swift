import Foundation
import RudderMigration
import Testing

/// Property-list types survive Foundation's platform differences (Linux returns Swift `Bool` for `<true/>`).
@Suite struct PropertyListValueTests {
    @Test(arguments: [PropertyListSerialization.PropertyListFormat.binary, .xml])
    func everyTypeIsClassifiedFromBinaryAndXML(format: PropertyListSerialization.PropertyListFormat) throws {
        let source: [String: Any] = [
            "t": true, "f": false, "one": 1, "zero": 0, "neg": -3, "real": 1.5, "whole": 2.0,
            "big": NSNumber(value: UInt64.max), "s": "x", "d": Data([9]), "date": Date(timeIntervalSince1970: 0),
            "a": [1, "b"], "m": ["k": true],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: source, format: format, options: 0)
        let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        let value = try #require(PropertyListValue(foundationObject: object))
        let expected: PropertyListValue = .dictionary([
            "t": .boolean(true), "f": .boolean(false), "one": .integer(1), "zero": .integer(0), "neg": .integer(-3),
            "real": .real(1.5), "whole": .real(2), "big": .unsignedInteger(UInt64.max), "s": .string("x"),
            "d": .data(Data([9])), "date": .date(Date(timeIntervalSince1970: 0)),
            "a": .array([.integer(1), .string("b")]), "m": .dictionary(["k": .boolean(true)]),
        ])
        #expect(value == expected)
    }

    @Test func deepNestingIsCutOffInsteadOfRecursingWithoutBound() {
        var object: Any = "leaf"
        for _ in 0..<1000 { object = [object] }
        var value = PropertyListValue(foundationObject: object, maximumDepth: 3)
        var depth = 0
        while case .array(let elements)? = value, let first = elements.first {
            value = first
            depth += 1
        }
        #expect(depth == 3)
        #expect(value == .array([]))
    }

    @Test func aDeeplyNestedLegacyValueIsSkippedAsTheWrongType() throws {
        let container = try LegacyContainer()
        var nested: Any = ["x"]
        for _ in 0..<200 { nested = [nested] }
        try container.writePlist(["rl_anonymous_id": nested], format: .xml)
        let report = container.migrator().inspect()
        guard case .skipped(let reason, .legacyPlist)? = report.field(.anonymousID) else {
            Issue.record("expected a skip, got \(String(describing: report.field(.anonymousID)))")
            return
        }
        #expect(reason.contains("an array"))
    }
}
