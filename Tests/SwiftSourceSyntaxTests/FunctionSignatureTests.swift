import Testing

@testable import SwiftSourceSyntax

/// Parameters, effects and result types of functions, as the threading conversion reads them.
@Suite struct FunctionSignatureTests {
    private func functions(_ source: String) -> [FunctionDeclaration] {
        var parser = DeclarationParser(lexer: Lexer.tokenize(source))
        guard case .type(let type)? = parser.parseFile().first else { return [] }
        return type.members.compactMap {
            if case .function(let function) = $0 { return function }
            return nil
        }
    }

    @Test func parametersKeepLabelsNamesTypesAndDefaults() throws {
        let function = try #require(
            functions(
                """
                class C {
                    func save(_ track: RealmTrack, into realm: Realm, tags: [String: (Int) -> Void] = [:],
                              completion: @escaping (Result<[RealmTrack], Error>) -> Void, count: inout Int) {}
                }
                """
            ).first)
        #expect(function.parameters.map(\.label) == ["_", "into", "tags", "completion", "count"])
        #expect(function.parameters.map(\.name) == ["track", "realm", "tags", "completion", "count"])
        #expect(
            function.parameters.map(\.typeText) == [
                "RealmTrack", "Realm", "[String: (Int) -> Void]", "@escaping (Result<[RealmTrack], Error>) -> Void",
                "inout Int",
            ])
        #expect(function.parameters.map(\.defaultText) == [nil, nil, "[:]", nil, nil])
        #expect(function.parameters[0].type == .named(path: ["RealmTrack"], arguments: []))
        #expect(function.parameters[4].type == .named(path: ["Int"], arguments: []), "inout is not part of the type")
        #expect(function.parameters[3].type?.baseName == nil, "a function type is not a named type")
        #expect(function.resultType == nil)
        #expect(function.effects.isEmpty)
    }

    @Test func effectsAndResultTypesAreRead() {
        let declared = functions(
            """
            struct S {
                func a() async throws -> [Track] { [] }
                func b() -> AnyPublisher<[String], Never> where T: Equatable { fatalError() }
                func c() rethrows {}
                init(value: Int) throws {}
                func d(x: Int)
            }
            """)
        #expect(declared.map(\.resultType) == ["[Track]", "AnyPublisher<[String], Never>", nil, nil, nil])
        #expect(declared.map(\.effects) == [["async", "throws"], [], ["rethrows"], ["throws"], []])
        #expect(declared.map { $0.bodyStart != nil } == [true, true, true, true, false])
    }

    @Test func unreadableParametersAreLeftOutWithoutTrapping() {
        let declared = functions(
            """
            struct S {
                func a(: Int, x, y: , = 3, z: Int = ) {}
                func b(
            }
            """)
        #expect(declared.first?.parameters.map(\.name) == ["z"])
    }
}
