import ObjectiveCSourceSyntax
import Testing

/// Source is untrusted input: whatever it holds, the reader returns (never traps, never loops) and says what it
/// could not follow, with the line.
@Suite struct HostileInputTests {
    @Test func unterminatedCommentsLiteralsAndBlocksAreProblemsWithLines() {
        let source = """
            @interface Dog : RLMObject
            @property NSString *name;
            @property NSString *broken = @"never closed;
            @end
            @implementation Dog
            + (NSString *)primaryKey {
                return @"name";
            /* a comment never closed
            """
        let file = ObjectiveCDeclarationReader.read(source)
        #expect(file.interfaces.first?.properties.map(\.name) == ["name"])
        #expect(file.problems.contains { $0.kind == .unterminatedLiteral && $0.line == 3 })
        #expect(file.problems.contains { $0.kind == .unterminatedComment && $0.line == 8 })
        #expect(file.problems.contains { $0.kind == .unbalanced && $0.line == 5 })
    }

    @Test func strayKeywordsAndBracketsNeverStopReading() {
        let inputs = [
            "@end @end } ) ] @property", "@interface", "@interface X : @end", "@implementation", "#endif\n#else\n",
            "@property (", "@property ((((", "typedef", "typedef NS_ENUM(", "@interface A (\n@end", "+ (", "@\"",
            "'", "#if 1\n@interface A : RLMObject\n", String(repeating: "(", count: 10_000),
            String(repeating: "@interface A\n", count: 500), "@property NSString * ;", "@property int (^)(void);",
            "\u{0}\u{FFFF}@interface \u{1F600} : RLMObject @property NSString *é; @end",
        ]
        for input in inputs {
            let file = ObjectiveCDeclarationReader.read(input)
            _ = file.interfaces.count
        }
        // Type arguments nested without bound are cut at the limit, never recursed into.
        let nested =
            "@interface A : RLMObject\n@property " + String(repeating: "A<", count: 20_000) + "B"
            + String(repeating: ">", count: 20_000) + " *deep;\n@end"
        let deep = ObjectiveCDeclarationReader.read(nested)
        #expect(deep.interfaces.first?.properties.first?.type.isNestedTooDeeply == true)
        let properties = ObjectiveCDeclarationReader.read("@interface A : RLMObject\n@property NSString * ;\n@end")
        #expect(properties.problems.map(\.kind) == [.unreadableDeclaration])
    }

    /// Seeded random byte soup built from Objective-C fragments: every prefix returns. The seed is printed.
    @Test func randomFragmentsAlwaysReturn() {
        let fragments = [
            "@interface", "@end", "@property", "@implementation", "(", ")", "{", "}", "<", ">", "*", ";", ",",
            "#if X\n",
            "#endif\n", "#else\n", "\"", "@\"", "/*", "*/", "//", "\n", "Dog", "RLMObject", ":", "+", "-", "^", "[",
            "]", "typedef", "NS_ENUM", "'", "\\\n",
        ]
        let seed = UInt64.random(in: 0...UInt64.max)
        print("HostileInputTests seed \(seed)")
        var state = seed
        for _ in 0..<200 {
            var text = ""
            for _ in 0..<60 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += fragments[Int((state >> 33) % UInt64(fragments.count))] + " "
            }
            _ = ObjectiveCDeclarationReader.read(text)
        }
    }
}
