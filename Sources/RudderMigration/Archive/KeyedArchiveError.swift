/// Why the bytes of an `NSKeyedArchiver` archive (the v2 SDK's `rs_traits`) could not be read.
///
/// The archive is untrusted input: every failure to parse it is one of these, never a trap. A migration turns it into
/// the reason `traits` (and a user id only the traits held) is skipped.
package struct KeyedArchiveError: Error, Equatable, CustomStringConvertible {
    /// The kind of failure.
    package enum Kind: String, Equatable {
        /// The bytes end (or the object area ends) before a value that should be there.
        case truncated
        /// A value is out of range or of a shape the format does not allow.
        case invalid
        /// Well-formed, but holds something traits cannot (a class other than the property-list ones, data, a date).
        case unsupported
        /// Nesting deeper, or more objects, than the reader accepts; or a reference cycle.
        case limitExceeded
    }

    /// The kind of failure.
    package var kind: Kind
    /// The byte offset in the archive where the failure was found, when it is about one position.
    package var offset: Int?
    /// What was being read, e.g. "offset table entry 3".
    package var context: String

    init(_ kind: Kind, _ context: String, at offset: Int? = nil) {
        self.kind = kind
        self.context = context
        self.offset = offset
    }

    package var description: String {
        let position = offset.map { " at byte \($0)" } ?? ""
        switch kind {
        case .truncated: return "truncated: \(context)\(position)"
        case .invalid: return "invalid \(context)\(position)"
        case .unsupported: return "unsupported \(context)\(position)"
        case .limitExceeded: return "limit exceeded: \(context)\(position)"
        }
    }
}
