/// Test-only: random text made of Swift fragments (declarations, attributes, braces, `#if`, strings of every kind,
/// comments, interpolations, and the Realm calls the audit looks for) for the fuzz tests of the model parser and
/// the audit, and the parser benchmark. Braces, brackets and `#if` blocks are
/// unbalanced; literals and block comments are closed (except `"` and `` ` ``, which end at the line), so that
/// no fragment swallows the rest of the text and all of it is parsed. The same seed gives the same text.
package enum SwiftLookingText {
    private static let fragments: [String] = [
        "class ", "struct ", "enum ", "extension ", "final class Item: Object ", "class Sub: Item ",
        "class E: EmbeddedObject ", "@Persisted ", "@Persisted(primaryKey: true) ", "@Persisted(indexed: true) ",
        "@objc dynamic ", "var ", "let ", "static ", "override ", "func ", "init", "name", "id", "items", "Tag",
        "List<", "Map<String, ", "MutableSet<", "LinkingObjects<", "RealmProperty<Int?>", "Int", "String", "Date",
        "?", "!", ">", "<", ": ", " = ", ", ", ".", "{", "}", "(", ")", "[", "]", "{\n", "}\n", "\n", "\n    ",
        "#if os(iOS)\n", "#elseif DEBUG\n", "#else\n", "#endif\n", "#keyPath(", "#Preview ", "\"text\"", "\"",
        "\"\"\"\n  text\n  \"\"\"\n", "#\"raw\"#", "\"a\\(b)c\"", "\\(", "/* note */", "/* /* nested */ */",
        "// note\n", "/// doc\n", "`", "$", "0x1F", "1_000",
        "2.5e3", "return ", "primaryKey() -> String? { ", "indexedProperties() -> [String] { [", " + ", "Self.",
        ".rawValue", "typealias T = ", "case a, b = \"c\"", "protocol P ", "where T: P ", "-> ", "throws ",
        "realm", "try! Realm()", "Realm(configuration: ", "Realm.Configuration(", "fileURL: ", "migrationBlock: ",
        ".objects(Item.self)", ".filter(\"age > %@\", ", ".where { $0.", ".sorted(byKeyPath: ", ".write {",
        ".add(", ".observe { ", "DispatchQueue.global().async {", ".freeze()", "ThreadSafeReference(to: ",
        "@ObservedResults(Item.self) ", "\\.realmConfiguration", "App(id: ", ".subscriptions", "NotificationToken",
    ]

    /// About `count` bytes of text (never fewer, a fragment over) generated from `seed`.
    package static func generate(count: Int, seed: UInt64) -> String {
        var state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
        var text = ""
        text.reserveCapacity(count + 64)
        while text.utf8.count < count {
            // xorshift64*: fast, and the same on every platform.
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            let value = state &* 0x2545_F491_4F6C_DD1D
            text += fragments[Int(value >> 33) % fragments.count]
        }
        return text
    }
}
