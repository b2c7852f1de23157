/// What every decoder needs besides the node it reads: the bytes and the file format (some layouts changed
/// between formats, e.g. dictionaries in 23 and nested collections in 24).
struct DecodingContext: Sendable {
    let bytes: FileBytes
    let fileFormat: Int
}
