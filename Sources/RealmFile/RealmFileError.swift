/// Why a `.realm` file could not be read, where in the file, and what was being read at the time.
///
/// Every offset, size and ref in a Realm file is checked before it is used; a check that fails throws this error
/// instead of trapping. `offset` is the absolute byte offset in the (decrypted) file of the structure that failed,
/// `context` says what was being read ("node header", "cluster tree", …) and `table`/`column` name the table and
/// column when the failure happened while reading objects.
///
/// A separate type from ``RealmEncryptionError`` because decryption is its own layer: that error describes a
/// page, IV-table entry or key in file offsets and reaches callers nested in ``Kind/encryption(_:)``.
///
/// ```swift
/// do {
///     let realm = try RealmFileReader(url: url)
/// } catch let error as RealmFileError {
///     if case .encrypted = error.kind { askForKey() } else { print(error) }
/// }
/// ```
public struct RealmFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category of failure.
    public enum Kind: Sendable, Hashable {
        /// The file could not be opened or read (missing, unreadable); the text is the system's reason.
        case cannotOpen(String)
        /// A structure extends past the end of the file.
        case truncated
        /// The 24-byte header (or the streaming footer) is not a valid Realm header.
        case badHeader
        /// A ref is not 8-byte aligned, is zero where a node is required, or points outside the file.
        case badRef
        /// A ref leads back to a node already being read, or a tree is deeper than any real file's.
        case cycle
        /// The file format number is one this reader does not read; `advice` says what to do instead.
        case unsupportedFileFormat(Int, advice: String)
        /// The file is encrypted; it needs its 64-byte key to be read.
        case encrypted
        /// An encrypted file could not be decrypted: wrong key, damaged page or IV table, truncated file, or a key
        /// given for a plain file. The associated error says which, with file offsets.
        case encryption(RealmEncryptionError)
        /// A node's content contradicts the format (wrong kind, size or value for where it is used).
        case corruptNode
    }

    /// The category of failure.
    public var kind: Kind
    /// The absolute byte offset of the structure being read, when known.
    public var offset: Int?
    /// What was being read, e.g. "node header" or "string leaf".
    public var context: String
    /// The table being read, when the failure happened inside a table.
    public var table: String?
    /// The column being read, when the failure happened inside a column's values.
    public var column: String?

    /// Creates an error; usually made by the reader, public so that tests and wrappers can build expectations.
    public init(_ kind: Kind, offset: Int? = nil, context: String, table: String? = nil, column: String? = nil) {
        self.kind = kind
        self.offset = offset
        self.context = context
        self.table = table
        self.column = column
    }

    /// A one-line explanation: kind, context, table/column and offset.
    public var description: String {
        var text: String
        switch kind {
        case .cannotOpen(let reason): text = "cannot open file (\(reason))"
        case .truncated: text = "file truncated"
        case .badHeader: text = "not a valid Realm file header"
        case .badRef: text = "invalid ref"
        case .cycle: text = "cyclic or too deeply nested refs"
        case .unsupportedFileFormat(let format, let advice): text = "unsupported file format \(format): \(advice)"
        case .encrypted:
            text = "the file is encrypted (no \"T-DB\" header at offset 16); it can only be read with its 64-byte key"
        case .corruptNode: text = "corrupt node"
        case .encryption(let error): text = error.description
        }
        text += " while reading \(context)"
        if let table { text += " in table \"\(table)\"" }
        if let column { text += ", column \"\(column)\"" }
        if let offset { text += " at byte offset \(offset)" }
        return text
    }

    /// This error with the table and column it happened in filled in (existing values are kept).
    func located(table: String?, column: String? = nil) -> RealmFileError {
        var copy = self
        if copy.table == nil { copy.table = table }
        if copy.column == nil { copy.column = column }
        return copy
    }
}
