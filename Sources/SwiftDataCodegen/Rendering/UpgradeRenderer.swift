import RealmSchema

/// Renders `RealmSchemaUpgrade.swift`: the app's migration block carried over as the function
/// `realmMigrationBlock(_:_:)` that the importer's `realmModels` hands to the in-app migration, and `className()`
/// for the models it names (RealmSwift's `Object.className()`, which the block calls).
///
/// The body is the app's, as written: the model classes it names get their generated names, and the statements
/// that need review stay verbatim under `#if CARRYOVER_REVIEW` (never defined), each with its reason and where
/// it was, so the file compiles and nothing is dropped. The file is not formatted by carryover (it is the app's
/// code), so it opts out of `swift format`.
struct UpgradeRenderer {
    let schema: ModelSchema
    let naming: Naming
    let block: CarriedMigrationBlock

    /// The generated function's name.
    static let functionName = "realmMigrationBlock"
    /// The compilation condition that would enable the statements kept for review.
    static let reviewCondition = "CARRYOVER_REVIEW"

    func render(report: inout ConversionReport) -> String {
        for statement in block.reviewed {
            report.human(
                .realmConfiguration, "migrationBlock",
                "kept for review, disabled under #if \(Self.reviewCondition) in RealmSchemaUpgrade.swift: "
                    + "\(statement.reason): `\(Self.firstLine(statement.text))`", statement.location)
        }
        var writer = CodeWriter()
        writer.line("import Foundation")
        writer.line("import RealmSchemaUpgrade")
        writer.line()
        writer.line(
            "/// The app's `migrationBlock` (\(block.location)), carried over: the in-app migration runs it once when it"
        )
        writer.line("/// upgrades a Realm file written at an older schema version, as Realm did on open.")
        let migration = block.migrationName
        let version = block.oldSchemaVersionName
        writer.block(
            "@Sendable func \(Self.functionName)(_ \(migration): Migration, _ \(version): UInt64) {"
        ) { writer in
            let body = Self.reindented(text())
            guard block.usesShorthandArguments else {
                for line in body { writer.line(line) }
                return
            }
            writer.block("let block: (Migration, UInt64) -> Void = {") { writer in
                for line in body { writer.line(line) }
            }
            writer.line("block(\(migration), \(version))")
        }
        let named = Set(block.namedClasses)
        let models = schema.objectTypes.filter { named.contains($0.name) }
        if !models.isEmpty { writer.line() }
        ConditionalCode.write(models, clauses: \.condition.clauses, separated: true, into: &writer) { model, writer in
            writer.block("extension \(naming.type(model.name)) {") { writer in
                writer.line(
                    "/// The Realm class name, as RealmSwift's `Object.className()` gave it to the migration block.")
                writer.line(
                    "static func className() -> String { \(SwiftStringLiteral.quoting(model.realmClassName ?? model.name)) }"
                )
            }
        }
        return CodeWriter.header(
            "The app's Realm migration block, carried over as it was written; statements that need review are kept\n"
                + "// under `#if \(Self.reviewCondition)` (never defined) and listed in ConversionReport.md.\n"
                + "// swift-format-ignore-file")
            + "\n" + writer.text
    }

    /// The body's text with the generated names and the disabled statements written in; neighbouring disabled
    /// statements share one `#if`.
    private func text() -> String {
        var text = ""
        var pending = ""
        var openReview: String?
        func close() {
            if let indentation = openReview { text += "\n\(indentation)#endif" }
            openReview = nil
        }
        for piece in block.pieces {
            if case .code(let code) = piece, openReview != nil, code.allSatisfy(\.isWhitespace) {
                pending += code
                continue
            }
            if case .review(let statement) = piece {
                let indentation = statement.indentation
                if openReview == nil {
                    text += pending + "#if \(Self.reviewCondition)\n"
                } else {
                    text += "\n"
                }
                pending = ""
                text += "\(indentation)// carryover: needs review (\(statement.location)): \(statement.reason)\n"
                text += "\(indentation)\(statement.text)"
                openReview = openReview ?? indentation
                continue
            }
            close()
            text += pending
            pending = ""
            switch piece {
            case .code(let code): text += code
            case .modelType(let name): text += naming.type(name)
            case .modelClassName(let name): text += "\(naming.type(name)).className()"
            case .enumType(let name): text += naming.enumType(name)
            case .review: break
            }
        }
        close()
        return text + pending
    }

    /// The body's lines without the indentation they share (a first line written after `in` takes the others'),
    /// leading and trailing blank lines dropped. Every line shifts alike, so multi-line string literals keep their
    /// content.
    static func reindented(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.reversed().drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" }).reversed())
        }
        let firstIsInline = lines.first.map { !$0.isEmpty } ?? false
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        let measured = firstIsInline ? lines.dropFirst() : lines[...]
        let prefixes = measured.filter { !$0.isEmpty }.map { String($0.prefix { $0 == " " || $0 == "\t" }) }
        var common = prefixes.first ?? ""
        for prefix in prefixes.dropFirst() {
            while !prefix.hasPrefix(common) { common.removeLast() }
        }
        return lines.enumerated().map { index, line in
            if index == 0 && firstIsInline { return String(line.drop { $0 == " " || $0 == "\t" }) }
            return line.hasPrefix(common) ? String(line.dropFirst(common.count)) : line
        }
    }

    private static func firstLine(_ text: String) -> String {
        let first = text.prefix { $0 != "\n" }
        return first.count < text.count ? first + " …" : String(first)
    }
}
