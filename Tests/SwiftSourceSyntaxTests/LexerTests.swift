import Testing

@testable import SwiftSourceSyntax

@Suite struct LexerTests {
    private func kinds(_ source: String) -> [String] {
        Lexer.tokenize(source).tokens.map(\.text)
    }

    @Test func stringsOfEveryKindAreSingleTokens() {
        let source = ##"""
            let a = "plain \"quoted\" \(x + "inner \(y)")"
            let b = #"raw "quotes" \(not interpolated)"#
            let c = ##"raw with "# inside"##
            let d = """
                multi "line" with \(interp) and }
                """
            let e = #"""
                raw multiline """ still inside
                """#
            """##
        let lexer = Lexer.tokenize(source)
        let strings = lexer.tokens.filter { $0.kind == .stringLiteral }
        #expect(strings.count == 5)
        #expect(lexer.problems.isEmpty)
        #expect(lexer.tokens.filter { $0.isIdentifier("let") }.map(\.line) == [1, 2, 3, 4, 7])
    }

    @Test func nestedBlockCommentsAreSkippedAndLineCommentsKept() {
        let lexer = Lexer.tokenize("a /* outer /* inner */ still comment */ b // note\nc")
        #expect(lexer.tokens.map(\.text) == ["a", "b", "c"])
        #expect(lexer.comments.map(\.text) == ["/* outer /* inner */ still comment */", "// note"])
        #expect(lexer.tokens.last?.line == 2)
    }

    @Test func genericsSplitIntoSingleAngleBrackets() {
        #expect(kinds("Map<String, List<Int>>?") == ["Map", "<", "String", ",", "List", "<", "Int", ">", ">", "?"])
    }

    @Test func unterminatedStringIsReportedAndLexingGoesOn() {
        let lexer = Lexer.tokenize("let a = \"open\nlet b = 1")
        #expect(lexer.problems.map(\.line) == [1])
        #expect(lexer.tokens.contains { $0.isIdentifier("b") })
    }

    @Test func numbersBackticksAndPoundKeywords() {
        let lexer = Lexer.tokenize("#if DEBUG\nvar `default` = -1.5e3 + 0x1F\n#endif")
        #expect(
            lexer.tokens.map(\.text) == ["#if", "DEBUG", "var", "default", "=", "-", "1.5e3", "+", "0x1F", "#endif"])
        #expect(lexer.tokens[6].kind == .floatLiteral)
        #expect(lexer.tokens[8].kind == .integerLiteral)
    }
}
