import Foundation
import RealmFile
import RealmFileModelInput
import RealmSchema
import SwiftDataCodegen

/// What the conversion takes from a `.realm` file: its schema, how each list of objects is used by the data, and
/// which decimals Foundation's `Decimal` cannot hold.
///
/// The only place the conversion reads a Realm file, through `RealmFileModelInput`.
struct RealmFileModels {
    var schema: Schema
    var listUsage: [String: CodegenOptions.ListUsage]
    var decimalsStoredAsText: [String: String]
    var valuesHoldingNaN: [String: String]

    /// Reads the file at `url`, decrypting it with `encryptionKey` when given.
    /// - Throws: `RealmFileError` when the file cannot be read.
    init(url: URL, encryptionKey: Data?) throws {
        let input = try RealmFileModelInput(file: RealmFileReader(url: url, encryptionKey: encryptionKey))
        schema = input.schema
        listUsage = input.listUsage
        decimalsStoredAsText = input.decimalsBeyondFoundationDecimal
        valuesHoldingNaN = input.valuesHoldingNaN
    }
}
