import Foundation
import SwiftDataCodegen
import TestSupport
import Testing

@testable import RealmQueryConversion

@Suite("NSPredicate format strings and where closures are read, or rejected with the offset")
struct PredicateFormatParserTests {
    @Test("keywords are case-insensitive and operators have NSPredicate's spellings")
    func spellings() throws {
        let upper = try PredicateFormatParser.parse(
            "age > 1 AND NOT name BEGINSWITH[c] 'a' OR TRUEPREDICATE", arguments: [])
        let lower = try PredicateFormatParser.parse(
            "age > 1 and not name beginswith[C] 'a' or truepredicate", arguments: [])
        #expect(upper == lower)
        // NOT binds tighter than AND, AND tighter than OR (NSPredicate's precedence).
        guard case .or(.and(_, .not(.comparison(let test))), .constant(true)) = upper else {
            Issue.record("unexpected tree \(upper)")
            return
        }
        #expect(test.op == .beginsWith && test.options.caseInsensitive && !test.options.diacriticInsensitive)
        for (text, op) in [
            ("=", ComparisonOperator.equal), ("<>", .notEqual), ("=<", .lessOrEqual), ("=>", .greaterOrEqual),
        ] {
            guard case .comparison(let comparison) = try PredicateFormatParser.parse("age \(text) 1", arguments: [])
            else {
                Issue.record("\(text) not a comparison")
                continue
            }
            #expect(comparison.op == op)
        }
    }

    @Test("Realm's timestamp literals are UTC seconds since 1970, as Foundation computes them")
    func timestamps() throws {
        let formatter = ISO8601DateFormatter()
        for (literal, iso) in [
            ("2021-02-20@17:30:15", "2021-02-20T17:30:15Z"), ("1969-07-20T20:17:40", "1969-07-20T20:17:40Z"),
            ("2000-02-29@00:00:00:5", "2000-02-29T00:00:00Z"), ("2100-12-31@23:59:59", "2100-12-31T23:59:59Z"),
        ] {
            guard
                case .comparison(let comparison) = try PredicateFormatParser.parse("born > \(literal)", arguments: []),
                case .literal(.date(let seconds, _)) = comparison.rhs
            else {
                Issue.record("\(literal) is not a date")
                continue
            }
            let expected = try #require(formatter.date(from: iso)).timeIntervalSince1970
            #expect(Double(seconds) == expected, "\(literal)")
        }
        guard case .comparison(let comparison) = try PredicateFormatParser.parse("born < T-5:250", arguments: []) else {
            Issue.record("T-5:250 not read")
            return
        }
        #expect(comparison.rhs == .literal(.date(seconds: -5, nanoseconds: 250)))
    }

    @Test("%@ takes the next argument as a value, %K as a key path; nil and NSNull() are null")
    func placeholders() throws {
        let node = try PredicateFormatParser.parse(
            "%K.name == %@ AND age == %@", arguments: [#""owner""#, "self.name", "nil"])
        guard case .and(.comparison(let first), .comparison(let second)) = node else {
            Issue.record("unexpected tree \(node)")
            return
        }
        #expect(first.lhs == .keyPath(KeyPathReference(variable: nil, components: ["owner", "name"], offset: 0)))
        #expect(first.rhs == .swiftValue("self.name"))
        #expect(second.rhs == .literal(.null))
    }

    @Test(
        "malformed formats are errors at the right offset",
        arguments: [
            ("age >", 5, "expected a value"), ("age > 'x", 6, "unterminated"), ("(age > 1", 8, "expected ')'"),
            ("age ~ 1", 4, "unexpected character"), ("age BETWEEN 1", 0, "two bounds"),
            ("name MATCHES 'x'", 5, "MATCHES"), ("dogs.@foo > 1", 5, "@foo"),
            ("age > %@ AND x", 14, "comparison operator"),
            ("SUBQUERY(dogs, d, d.age > 1).@count > 0", 15, "variable"), ("name ==[x] 'a'", 8, "string options"),
            ("%", 0, "format specifier"), ("age > 1 )", 8, "unexpected ')'"),
        ])
    func errors(_ format: String, _ offset: Int, _ message: String) {
        #expect {
            _ = try PredicateFormatParser.parse(format, arguments: ["1"])
        } throws: { error in
            guard let error = error as? QuerySyntaxError else { return false }
            return error.offset == offset && error.message.contains(message)
        }
    }

    @Test("deep nesting is an error, not a stack overflow")
    func depth() {
        let format = String(repeating: "(", count: 10_000) + "age > 1" + String(repeating: ")", count: 10_000)
        #expect(throws: QuerySyntaxError.self) { try PredicateFormatParser.parse(format, arguments: []) }
        let negations = String(repeating: "NOT ", count: 10_000) + "age > 1"
        #expect(throws: QuerySyntaxError.self) { try PredicateFormatParser.parse(negations, arguments: []) }
        let closure =
            "dogs.where { " + String(repeating: "(", count: 5_000) + "$0.age > 1" + String(repeating: ")", count: 5_000)
            + " }"
        let converter = RealmQueryConverter(catalog: GeneratedModelCatalog(classes: []))
        #expect(converter.convert(closure, elementClass: "Dog").outcome == .notConvertible)
    }

    /// Formats built from Realm query pieces and random bytes: the parser returns a tree or an error whose offset is
    /// inside the text, and the converter never traps (seeded, so a failure replays).
    @Test("fuzzed formats and chains never trap", arguments: [UInt64(1), 99, 31_337])
    func fuzz(seed: UInt64) throws {
        let converter = try QueryModels.converter()
        for format in FuzzedFormats.make(seed: seed, count: 400) {
            do {
                _ = try PredicateFormatParser.parse(format, arguments: ["\"age\"", "1", "x"])
            } catch {
                #expect(error.offset >= 0 && error.offset <= format.utf8.count, "\(format): \(error)")
            }
            let literal = format.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
                of: "\"", with: "\\\""
            )
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\u{0}", with: "\\0")
            let filter = converter.convert(#"realm.objects(Dog.self).filter(""# + literal + #"", "age", 1, x)"#)
            #expect(filter.outcome == .converted || !filter.problems.isEmpty)
            let closure = converter.convert(
                "dogs.where { " + format.replacingOccurrences(of: "age", with: "$0.age") + " }", elementClass: "Dog")
            #expect(closure.outcome == .converted || !closure.problems.isEmpty)
        }
    }
}
