/// Small types the generated models use in place of Realm types without a Foundation counterpart.
enum SupportTypes {
    /// `MixedValue`: the generated stand-in for `AnyRealmValue`.
    static func mixedValue(into writer: inout CodeWriter) {
        writer.line(
            "/// A Realm `AnyRealmValue`: one value of any Realm type, stored as a Codable composite attribute.")
        writer.line(
            "/// Links to objects are kept as the target's Realm class name and its `realmObjectKey` (its key in the Realm"
        )
        writer.line("/// file), not as relationships.")
        writer.block("enum MixedValue: Codable, Hashable {") { writer in
            for line in [
                "case null", "case bool(Bool)", "case int(Int)", "case float(Float)", "case double(Double)",
                "case string(String)", "case data(Data)", "case date(Date)", "case decimal(Decimal)",
                "/// A Decimal128 that `Decimal` cannot hold (NaN, an infinity, an exponent beyond −128…127, −0), as its text.",
                "case decimalText(String)", "/// An ObjectId as 24 lowercase hex digits.", "case objectID(String)",
                "case uuid(UUID)",
                "case link(className: String, realmObjectKey: Int64)", "case list([MixedValue])",
                "case dictionary([String: MixedValue])",
            ] {
                writer.line(line)
            }
        }
    }

    /// `RealmMigrationState`: the model in which the migration from Realm keeps its state (the importer file adds its
    /// `RealmMigrationStateModel` conformance, so the models file needs no migration library).
    static func realmMigrationState(into writer: inout CodeWriter) {
        writer.line("/// The migration's state: which Realm file filled the store, how far the import got, and what")
        writer.line("/// verification found. Delete it with the Realm file's removal in a later schema version.")
        writer.line("@Model")
        writer.block("final class \(realmMigrationStateType) {") { writer in
            writer.line("var sourceFingerprint: String = \"\"")
            writer.line("var sourceSchema: Data = Data()")
            writer.line("var checkpoint: Data = Data()")
            writer.line("var verification: Data? = nil")
            writer.line()
            writer.line("init() {}")
        }
    }

    /// The protocol of the generated entry models of Realm lists.
    static let listEntryProtocol = "ListEntryModel"

    /// `ListEntryModel` and the array operations the ordered accessors of Realm lists use: the entries of one list
    /// in order, and inserting, removing and moving one while keeping the positions `0..<count`.
    static func listEntry(into writer: inout CodeWriter) {
        writer.line(
            "/// A generated model holding one element of a Realm list: its position and the model there. A SwiftData")
        writer.line(
            "/// to-many relationship is an unordered set; the positions keep the list's order and its repeated elements."
        )
        writer.block("protocol \(listEntryProtocol): PersistentModel {") { writer in
            writer.line("associatedtype Target: PersistentModel")
            writer.line("var position: Int { get set }")
            writer.line("var target: Target? { get set }")
        }
        writer.line()
        writer.block("extension Array where Element: \(listEntryProtocol) {") { writer in
            writer.line(
                "/// The entries in list order: each put at its position when the positions are 0 to count - 1, each once"
            )
            writer.line(
                "/// (as the migration and these methods keep them), else sorted by position. Each position is read once"
            )
            writer.line("/// (a read is a property access).")
            writer.block("var inListOrder: [Element] {") { writer in
                writer.line("let positioned = map { ($0.position, $0) }")
                writer.line("var placed = [Element?](repeating: nil, count: count)")
                writer.block("for (position, entry) in positioned {") { writer in
                    writer.block("guard placed.indices.contains(position), placed[position] == nil else {") { writer in
                        writer.line("return positioned.sorted { $0.0 < $1.0 }.map(\\.1)")
                    }
                    writer.line("placed[position] = entry")
                }
                writer.line("return placed.compactMap { $0 }")
            }
            writer.line()
            writer.line("/// The entries with `entry` inserted at `index` of the list order, positions renumbered.")
            writer.block("func inserting(_ entry: Element, at index: Int) -> [Element] {") { writer in
                writer.line("var entries = inListOrder")
                writer.line("entries.insert(entry, at: index)")
                writer.line("return entries.renumbered()")
            }
            writer.line()
            writer.line(
                "/// The entries without the one at `index` of the list order, positions renumbered, and that entry.")
            writer.block("func removing(at index: Int) -> (remaining: [Element], removed: Element) {") { writer in
                writer.line("var entries = inListOrder")
                writer.line("let removed = entries.remove(at: index)")
                writer.line("return (entries.renumbered(), removed)")
            }
            writer.line()
            writer.line(
                "/// The entries with the one at `source` of the list order moved to `destination`, positions renumbered."
            )
            writer.block("func moving(from source: Int, to destination: Int) -> [Element] {") { writer in
                writer.line("var entries = inListOrder")
                writer.line("entries.insert(entries.remove(at: source), at: destination)")
                writer.line("return entries.renumbered()")
            }
            writer.line()
            writer.block("private func renumbered() -> [Element] {") { writer in
                writer.line(
                    "for (position, entry) in enumerated() where entry.position != position { entry.position = position }"
                )
                writer.line("return self")
            }
        }
    }

    /// The name of the generated migration-state model.
    static let realmMigrationStateType = "RealmMigrationState"

    /// `ObjectIDText`: makes new ObjectId-shaped identifiers for properties that were `ObjectId` in Realm.
    static func objectIDText(into writer: inout CodeWriter) {
        writer.line(
            "/// New identifiers in the shape of a Realm `ObjectId`, as 24 lowercase hex digits: 4 bytes of seconds")
        writer.line("/// since 1970 (big-endian) followed by 8 random bytes.")
        writer.block("enum ObjectIDText {") { writer in
            writer.block("static func generate() -> String {") { writer in
                writer.line("let seconds = UInt32(truncatingIfNeeded: Int64(Date().timeIntervalSince1970))")
                writer.line("var bytes = withUnsafeBytes(of: seconds.bigEndian) { Array($0) }")
                writer.line("for _ in 0..<8 { bytes.append(UInt8.random(in: .min ... .max)) }")
                writer.line("let digits = Array(\"0123456789abcdef\")")
                writer.line("return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })")
            }
        }
    }
}
