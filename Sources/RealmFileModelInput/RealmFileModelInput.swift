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
        let kinds = Dictionary(schema.objectTypes.map { ($0.name, $0.kind) }, uniquingKeysWith: { first, _ in first })
        for object in schema.objectTypes where object.kind != .embedded {
            guard let table = file.table(named: object.name) else { continue }
            let columns = object.properties.filter { property in
                property.type == .object && (property.collection == .list || property.collection == .set)
                    && property.objectClassName.flatMap { kinds[$0] } != .embedded
            }
            for property in columns {
                guard let column = table.columns.firstIndex(where: { $0.name == property.name }) else { continue }
                let count = try Self.scan(file: file, table: table, column: column)
                let key = "\(object.name).\(property.name)"
                guard count.links > 0 else { continue }
                if count.shared > 0 {
                    usage[key] = .manyToMany
                    evidence[key] =
                        "\(count.links) links; \(count.shared) object(s) in more than one list or twice in one"
                } else {
                    usage[key] = .oneToMany
                    evidence[key] = "\(count.links) links; every object in at most one list"
                }
            }
        }
        listUsage = usage
        listEvidence = evidence
        var decimals: [String: String] = [:]
        for object in schema.objectTypes {
            guard let table = file.table(named: object.name) else { continue }
            for property in object.properties where property.type == .decimal128 {
                guard let column = table.columns.firstIndex(where: { $0.name == property.name }) else { continue }
                let count = try Self.scanDecimals(file: file, table: table, column: column)
                if let first = count.firstMisfit {
                    decimals["\(object.name).\(property.name)"] =
                        "\(count.misfits) of \(count.values) values, first \(first)"
                }
            }
        }
        decimalsBeyondFoundationDecimal = decimals
    }

    /// Counts the decimals in one column (of every element for collections) and those `Decimal` cannot hold.
    private static func scanDecimals(file: RealmFileReader, table: StoredTable, column: Int) throws(RealmFileError)
        -> (values: Int, misfits: Int, firstMisfit: String?)
    {
        var values = 0
        var misfits = 0
        var first: String?
        func visit(_ value: StoredValue) {
            switch value {
            case .decimal(let decimal):
                values += 1
                if !decimal.fitsFoundationDecimal {
                    misfits += 1
                    if first == nil { first = decimal.scientificText }
                }
            case .list(let items), .set(let items): items.forEach(visit)
            case .dictionary(let entries): for entry in entries { visit(entry.value) }
            default: break
            }
        }
        var cursor = file.objects(in: table)
        while let object = try cursor.next() {
            if column < object.values.count { visit(object.values[column]) }
        }
        return (values, misfits, first)
    }

    /// Counts the links in one collection column and how many targets are linked more than once.
    private static func scan(file: RealmFileReader, table: StoredTable, column: Int) throws(RealmFileError) -> (
        links: Int, shared: Int
    ) {
        var seen: Set<StoredObjectLink> = []
        var shared: Set<StoredObjectLink> = []
        var links = 0
        var cursor = file.objects(in: table)
        while let object = try cursor.next() {
            guard column < object.values.count else { continue }
            let elements: [StoredValue]
            switch object.values[column] {
            case .list(let values), .set(let values): elements = values
            default: elements = []
            }
            for case .link(let link) in elements {
                links += 1
                if !seen.insert(link).inserted { shared.insert(link) }
            }
        }
        return (links, shared.count)
    }
}
