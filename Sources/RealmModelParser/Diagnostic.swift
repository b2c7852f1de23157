import RealmSchema
import SwiftDataCodegen

/// A problem or remark about the model source, tied to a file and line.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How serious the diagnostic is.
    public enum Severity: String, Sendable, Hashable, Codable {
        /// Something could not be converted (the rest still was).
        case error
        /// Converted, but possibly not as intended; a human should look.
        case warning
        /// A remark about what the parser decided.
        case note
    }

    /// How serious it is.
    public var severity: Severity
    /// Where it is.
    public var location: SourceLocation
    /// What it is, in one sentence.
    public var message: String

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ location: SourceLocation, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    /// `file:line: severity: message`, the form compilers and editors use.
    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}

extension Diagnostic {
    /// `diagnostics` in file and line order, those of one line in the order given.
    static func ordered(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { left, right in
            (left.element.location.file, left.element.location.line, left.offset)
                < (right.element.location.file, right.element.location.line, right.offset)
        }.map(\.element)
    }
}
