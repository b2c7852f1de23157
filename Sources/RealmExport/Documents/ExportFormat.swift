/// The document formats `carryover realm export` writes.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// `realm2json --output-mode 0`: plain JSON values (numbers, strings), links as the target's primary key.
    case json
    /// `realm2json --output-mode 1`: MongoDB Extended JSON values (`$numberLong`, `$date`, `$binary`, …).
    case xjson
    /// `realm2json --output-mode 2`: XJSON plus `$set`, `$dictionary`, `$link` and `$embedded` wrappers.
    case xjsonPlus = "xjson-plus"
    /// One strictly valid JSON object per object, values in canonical Extended JSON v2; see `JSONLinesExporter`.
    case jsonLines = "jsonl"
}
