import Testing

@testable import SwiftSourceSyntax

@Suite struct DeclarationParserTests {
    private func parse(_ source: String) -> (declarations: [Declaration], problems: [(line: Int, message: String)]) {
        var parser = DeclarationParser(lexer: Lexer.tokenize(source))
        let declarations = parser.parseFile()
        return (declarations, parser.problems)
    }

    private func members(_ source: String) -> [Declaration] {
        guard case .type(let type)? = parse(source).declarations.first else { return [] }
        return type.members
    }

    @Test func functionNamesCarryTheirArgumentLabels() {
        let names = members(
            """
            struct S {
                func a() {}
                func b(_ x: Int, y: [String: (Int) -> Void], z w: Set<Int> = []) -> Int { 0 }
                init?(value: Int) {}
                subscript(index: Int) -> Int { 0 }
                static func == (lhs: S, rhs: S) -> Bool { true }
                deinit {}
            }
            """
        ).compactMap { declaration -> String? in
            if case .function(let function) = declaration { return function.name }
            return nil
        }
        #expect(names == ["a()", "b(_:y:z:)", "init(value:)", "subscript(index:)", "==(lhs:rhs:)", "deinit"])
    }

    @Test func enumCasesKeepRawValuesAndAssociatedValues() {
        let cases = members("enum E: String { case a, b = \"B\"\n case c(Int), d = \"x\\\"y\" }").compactMap {
            declaration -> [String] in
            guard case .enumCase(let enumCase) = declaration else { return [] }
            return enumCase.elements.map { "\($0.name)=\($0.rawValue ?? "-")\($0.hasAssociatedValues ? "(…)" : "")" }
        }.flatMap { $0 }
        #expect(cases == ["a=-", "b=\"B\"", "c=-(…)", "d=\"x\\\"y\""])
    }

    @Test func conditionalBlocksKeepEveryClause() {
        let (declarations, problems) = parse(
            "#if os(iOS)\nvar a = 1\n#elseif DEBUG\nvar b = 2\n#else\nvar c = 3\n#endif")
        #expect(problems.isEmpty)
        guard case .conditional(let block)? = declarations.first else {
            Issue.record("no conditional block")
            return
        }
        #expect(block.clauses.map(\.condition) == ["os(iOS)", "DEBUG", nil])
        #expect(block.clauses.map(\.declarations.count) == [1, 1, 1])
    }

    @Test func typesParseNestedGenericsOptionalsAndCollections() {
        let cases: [(String, String)] = [
            ("RealmSwift.Map<String, List<Int?>>?", "RealmSwift.Map<String, List<Int?>>?"),
            ("[String: [Int]]", "[String: [Int]]"),
            ("Optional<Array<Dog>>", "[Dog]?"),
            ("Int!", "Int?"),
            ("(Int, String) -> Void", "( Int , String ) -> Void"),
        ]
        for (source, expected) in cases {
            var parser = TypeParser(tokens: Lexer.tokenize(source).tokens[...])
            #expect(parser.parseType()?.description == expected, "\(source)")
        }
    }

    @Test func variablesReadTypesInitializersAndAccessors() {
        let variables = members(
            """
            class C {
                @objc dynamic var a = Map<String, Int>(), b: Int = 2
                var c: Int { 3 }
                var d = 4 { didSet { } }
                private(set) var e: [Int] = [1, 2,
                    3]
                let f = { () -> Int in 5 }()
            }
            """
        ).compactMap { declaration -> VariableDeclaration? in
            if case .variable(let variable) = declaration { return variable }
            return nil
        }
        #expect(variables.map(\.name) == ["a", "b", "c", "d", "e", "f"])
        #expect(
            variables.map(\.initializerText) == [
                "Map<String, Int>()", "2", nil, "4", "[1, 2,\n        3]", "{ () -> Int in 5 }()",
            ])
        #expect(variables.map(\.isStored) == [true, true, false, true, true, true])
        #expect(variables[4].modifiers == ["private(set)"])
    }

    /// `#Preview` with a title, traits, attributes before it, its closure on the next line, `@Previewable` state
    /// inside: skipped whole, the declarations around it read, no problem reported.
    @Test func previewMacrosInEveryWrittenFormAreSkipped() {
        let (declarations, problems) = parse(
            """
            struct A {}
            #Preview {
                @Previewable @State var isShown = false
                A()
            }
            @available(iOS 17, *)
            #Preview("Dark") {
                @Previewable @State var isShown = false
                A()
            }
            @MainActor #Preview(traits: .sizeThatFitsLayout)
            {
                @Previewable @State var query = ""
                A()
            }
            struct B {}
            """)
        #expect(problems.isEmpty, "\(problems)")
        let names = declarations.compactMap { declaration -> String? in
            if case .type(let type) = declaration { return type.name }
            return nil
        }
        #expect(names == ["A", "B"])
        #expect(declarations.count == 2)
    }
}
