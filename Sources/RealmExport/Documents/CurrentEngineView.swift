import Foundation
import RealmFile

/// The changes realm-core v20 makes when it opens (and upgrades) a file of an older format, as far as they are
/// visible in its JSON output. The exporters show every file as the current engine sees it.
enum CurrentEngineView {
    /// Sets of strings, binaries and mixed values of a format < 24 file: the engine re-sorts the run of string and
    /// binary elements with the format-24 order (strings before binaries, each by unsigned bytes).
    static func needsSetResort(fileFormat: Int, column: StoredColumn) -> Bool {
        fileFormat < 24 && column.collection == .set
            && (column.type == .string || column.type == .binary || column.type == .mixed)
    }

    /// Re-sorts the contiguous run of string/binary elements of a set as the format-24 upgrade does.
    static func resortedSet(_ elements: [StoredValue]) -> [StoredValue] {
        guard let start = elements.firstIndex(where: isStringOrBinary) else { return elements }
        let end = elements[start...].firstIndex { !isStringOrBinary($0) } ?? elements.endIndex
        var result = elements
        result.replaceSubrange(start..<end, with: elements[start..<end].sorted(by: formatTwentyFourOrder))
        return result
    }

    private static func isStringOrBinary(_ value: StoredValue) -> Bool {
        switch value {
        case .string, .binary: true
        default: false
        }
    }

    private static func formatTwentyFourOrder(_ lhs: StoredValue, _ rhs: StoredValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a.utf8.lexicographicallyPrecedes(b.utf8)
        case (.binary(let a), .binary(let b)): a.lexicographicallyPrecedes(b)
        case (.string, .binary): true
        default: false
        }
    }
}
