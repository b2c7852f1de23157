/// Seeded random edits of source text for the fuzz tests of the source readers (model parser, audit): replacing,
/// inserting or removing bytes drawn from Swift's punctuation and a few letters, where braces, quotes, comments and
/// attributes break.
public enum SourceEdits {
    /// The bytes the edits write.
    public static let alphabet = Array("{}()[]<>\"#\\/*@`?!=,:;. \nabcXYZ019$_".utf8)

    /// `source` with one to eight random edits.
    public static func edited(_ source: String, using generator: inout SeededRandomNumberGenerator) -> String {
        var bytes = Array(source.utf8)
        for _ in 0..<Int.random(in: 1...8, using: &generator) {
            let position = Int.random(in: 0..<max(bytes.count, 1), using: &generator)
            let byte = alphabet.randomElement(using: &generator) ?? 0
            switch Int.random(in: 0..<3, using: &generator) {
            case 0 where position < bytes.count: bytes[position] = byte
            case 1: bytes.insert(byte, at: min(position, bytes.count))
            default: if position < bytes.count { bytes.remove(at: position) }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
