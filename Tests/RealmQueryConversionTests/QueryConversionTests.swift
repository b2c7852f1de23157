import Foundation
import RealmQueryConversion
import SwiftDataStandIn
import Testing

@Suite("Realm queries → SwiftData fetches")
struct QueryConversionTests {
    @Test("each query converts as Realm's semantics say, or is refused with the reason", arguments: QueryCase.all)
    func conversion(_ query: QueryCase) throws {
        let result = try QueryModels.converter().convert(query.chain, elementClass: query.elementClass)
        switch query.expectation {
        case .converted(let texts):
            #expect(result.outcome == .converted, "\(result.problems)")
            let code = result.code ?? ""
            for text in texts { #expect(code.contains(text), "\(text) not in:\n\(code)") }
        case .refused(let text):
            #expect(result.outcome == .notConvertible)
            #expect(result.problems.contains { $0.message.contains(text) }, "\(result.problems)")
            #expect(result.problems.allSatisfy { !$0.instead.isEmpty || $0.message.contains("not generated") })
        }
    }

    @Test("every converted query type-checks against the SwiftData stand-in, in one compile")
    func convertedQueriesCompile() throws {
        let converter = try QueryModels.converter()
        var functions = "import Foundation\nimport SwiftData\n"
        var count = 0
        for (index, query) in QueryCase.all.enumerated() {
            let result = converter.convert(query.chain, elementClass: query.elementClass)
            guard result.outcome == .converted, let code = result.code else { continue }
            let parameters = query.parameters.isEmpty ? "" : ", " + query.parameters
            functions += "\n// \(query.chain)\n"
            functions += "func query\(index)(context: ModelContext\(parameters)) throws {\n"
            functions += code.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n"
            functions += "    _ = \(result.resultName)\n}\n"
            count += 1
        }
        #expect(count >= 70)
        // Random combinations: whatever converts must compile too.
        var fuzzed = 0
        var nested = 0
        for (index, format) in Set(FuzzedFormats.structured(seed: 5, count: 40)).sorted().enumerated() {
            let result = converter.convert(#"realm.objects(Dog.self).filter(""# + format + #"")"#)
            guard result.outcome == .converted, let code = result.code else { continue }
            // Predicates nesting three or more closures can exceed the type checker's time limit; the conversion
            // says so in a note (checked below) instead of promising they compile.
            guard !result.notes.contains(where: { $0.contains("closures") }) else {
                nested += 1
                continue
            }
            functions += "\n// \(format)\nfunc fuzzed\(index)(context: ModelContext) throws {\n"
            functions += code.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n"
            functions += "    _ = \(result.resultName)\n}\n"
            fuzzed += 1
        }
        #expect(fuzzed >= 20 && nested >= 1)
        let outcome = try GeneratedCodeCompiler.typecheck([
            "Models.swift": try QueryModels.modelsFile(), "Queries.swift": functions,
        ])
        #expect(outcome.succeeded, "\(outcome.output)\n\(functions)")
        #expect(!outcome.output.contains("warning:"), "\(outcome.output)")
    }

    @Test("notes say where the converted query differs from Realm's")
    func notes() throws {
        let converter = try QueryModels.converter()
        let sorted = converter.convert(#"realm.objects(Dog.self).sorted(byKeyPath: "name")"#)
        #expect(sorted.notes.contains { $0.contains(".localizedStandard") })
        let first = converter.convert(#"realm.objects(Dog.self).first"#)
        #expect(first.notes.contains { $0.contains("unsorted") })
        let distinct = converter.convert(#"realm.objects(Dog.self).distinct(by: ["name"])"#)
        #expect(distinct.notes.contains { $0.contains("distinct(by:) has no SwiftData counterpart") })
        let never = converter.convert(#"realm.objects(Dog.self).filter("name == nil")"#)
        #expect(never.code?.contains("{ dog in false }") == true)
        #expect(never.notes.contains { $0.contains("always false") })
    }

    @Test("a refused part names its offset in the chain's text")
    func refusalOffset() throws {
        let chain = #"realm.objects(Dog.self).filter("age > 1 AND name ENDSWITH 'x'")"#
        let result = try QueryModels.converter().convert(chain)
        let problem = try #require(result.problems.first)
        let offset = try #require(problem.offset)
        let bytes = Array(chain.utf8)
        #expect(String(decoding: bytes[offset...], as: UTF8.self).hasPrefix("name ENDSWITH"))
        // The parts that convert are still given, to fetch with before filtering in Swift.
        #expect(result.predicate?.contains("dog.age > 1") == true)
    }

    @Test("the result is Codable")
    func codable() throws {
        let result = try QueryModels.converter().convert(#"realm.objects(Dog.self).filter("age > 1").first"#)
        let data = try JSONEncoder().encode(result)
        #expect(try JSONDecoder().decode(QueryConversion.self, from: data) == result)
    }
}
