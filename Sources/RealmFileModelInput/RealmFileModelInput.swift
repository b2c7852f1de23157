import RealmFile
import RealmSchema
import SwiftDataCodegen

/// What model generation takes from a `.realm` file: the schema as the Realm SDK sees it, and what the stored data
/// says that source code alone cannot tell: whether each list of objects is one-to-many or many-to-many, and which
/// decimals Foundation's `Decimal` cannot hold.
///
/// ```swift
/// let input = try RealmFileModelInput(file: RealmFileReader(url: url))
/// var options = CodegenOptions(stripPrefix: "Realm")
/// options.listUsage = input.listUsage
/// options.decimalsStoredAsText = input.decimalsBeyondFoundationDecimal
/// let output = SwiftDataCodegen.generate(input.schema, options: options)
/// ```
public struct RealmFileModelInput: Sendable {
    /// The classes and their properties, without the engine's hidden backlink columns (`@links.…`): Realm Swift
    /// computes `LinkingObjects` from those, they are not model properties.
    public var schema: Schema
    /// For every `List`/`MutableSet` of model objects, keyed `Class.property`: whether any object is an element of
    /// more than one parent's collection (or twice in one). Collections with no elements at all are left out.
    public var listUsage: [String: CodegenOptions.ListUsage]
    /// For each key of `listUsage`: the evidence, e.g. "412 links, every target in at most one list".
    public var listEvidence: [String: String]
    /// The `Decimal128` properties, keyed `Class.property`, holding a value that Foundation's `Decimal` cannot
    /// (NaN, an infinity, an exponent beyond −128…127, −0), with the evidence, e.g. "2 of 40 values, first NaN".
    public var decimalsBeyondFoundationDecimal: [String: String]
    /// The `Float`, `Double` and `AnyRealmValue` properties, keyed `Class.property`, holding a NaN somewhere (a value,
    /// an element, a map value, inside a mixed collection), with the evidence, e.g. "3 of 40 values".
    public var valuesHoldingNaN: [String: String]

    /// Reads the schema and scans the link collections and decimals of `file`.
    /// - Throws: `RealmFileError` when the file is damaged on the way to an object.
    public init(file: RealmFileReader) throws(RealmFileError) {
        var schema = file.schema
        for index in schema.objectTypes.indices {
            schema.objectTypes[index].properties.removeAll {
                $0.type == .linkingObjects && $0.name.hasPrefix("@links.")
            }
        }
        self.schema = schema
        var usage: [String: CodegenOptions.ListUsage] = [:]
        var evidence: [String: String] = [:]
        var decimals: [String: String] = [:]
        var nans: [String: String] = [:]
        let kinds = Dictionary(schema.objectTypes.map { ($0.name, $0.kind) }, uniquingKeysWith: { first, _ in first })
        for object in schema.objectTypes {
            guard let table = file.table(named: object.name) else { continue }
            func columns(where include: (Property) -> Bool) -> [(name: String, index: Int)] {
                object.properties.filter(include).compactMap { property in
                    table.columns.firstIndex { $0.name == property.name }.map { (property.name, $0) }
                }
            }
            let linkColumns = columns { property in
                object.kind != .embedded && property.type == .object
                    && (property.collection == .list || property.collection == .set)
                    && property.objectClassName.flatMap { kinds[$0] } != .embedded
            }
            let decimalColumns = columns { $0.type == .decimal128 }
            let floatColumns = columns { [.float, .double, .mixed].contains($0.type) }
            guard !linkColumns.isEmpty || !decimalColumns.isEmpty || !floatColumns.isEmpty else { continue }
            // One pass over the table's objects for all its columns of interest.
            var scans = [ColumnScan](repeating: ColumnScan(), count: table.columns.count)
            var cursor = file.objects(in: table)
            while let stored = try cursor.next() {
                for column in linkColumns where column.index < stored.values.count {
                    scans[column.index].countLinks(in: stored.values[column.index])
                }
                for column in decimalColumns where column.index < stored.values.count {
                    scans[column.index].countDecimals(in: stored.values[column.index])
                }
                for column in floatColumns where column.index < stored.values.count {
                    scans[column.index].countNaN(in: stored.values[column.index])
                }
            }
            for column in linkColumns where scans[column.index].links > 0 {
                let key = "\(object.name).\(column.name)"
                let scan = scans[column.index]
                if scan.shared.isEmpty {
                    usage[key] = .oneToMany
                    evidence[key] = "\(scan.links) links; every object in at most one list"
                } else {
                    usage[key] = .manyToMany
                    evidence[key] =
                        "\(scan.links) links; \(scan.shared.count) object(s) in more than one list or twice in one"
                }
            }
            for column in floatColumns where scans[column.index].nans > 0 {
                let scan = scans[column.index]
                nans["\(object.name).\(column.name)"] = "\(scan.nans) of \(scan.numbers) values are NaN"
            }
            for column in decimalColumns {
                let scan = scans[column.index]
                if let first = scan.firstMisfit {
                    decimals["\(object.name).\(column.name)"] =
                        "\(scan.misfits) of \(scan.decimals) values, first \(first)"
                }
            }
        }
        listUsage = usage
        listEvidence = evidence
        decimalsBeyondFoundationDecimal = decimals
        valuesHoldingNaN = nans
    }
}

/// What a pass over a table finds in one column: the links of a collection of objects (and the targets linked more
/// than once), or the decimals (and those Foundation's `Decimal` cannot hold).
private struct ColumnScan {
    var links = 0
    var seen: Set<StoredObjectLink> = []
    var shared: Set<StoredObjectLink> = []
    var decimals = 0
    var misfits = 0
    var firstMisfit: String?
    var numbers = 0
    var nans = 0

    mutating func countNaN(in value: StoredValue) {
        switch value {
        case .float(let number):
            numbers += 1
            if number.isNaN { nans += 1 }
        case .double(let number):
            numbers += 1
            if number.isNaN { nans += 1 }
        case .list(let items), .set(let items): for item in items { countNaN(in: item) }
        case .dictionary(let entries): for entry in entries { countNaN(in: entry.value) }
        default: break
        }
    }

    mutating func countLinks(in value: StoredValue) {
        switch value {
        case .list(let elements), .set(let elements):
            for case .link(let link) in elements {
                links += 1
                if !seen.insert(link).inserted { shared.insert(link) }
            }
        default: break
        }
    }

    mutating func countDecimals(in value: StoredValue) {
        switch value {
        case .decimal(let decimal):
            decimals += 1
            if !decimal.fitsFoundationDecimal {
                misfits += 1
                if firstMisfit == nil { firstMisfit = decimal.scientificText }
            }
        case .list(let items), .set(let items): for item in items { countDecimals(in: item) }
        case .dictionary(let entries): for entry in entries { countDecimals(in: entry.value) }
        default: break
        }
    }
}
