import Foundation
import RealmFile
import RealmFileModelInput
import RealmSchema
import SwiftDataCodegen
import SwiftDataStandIn
import TestSupport
import Testing

/// Models generated from the `.realm` fixtures (`shared/fixtures/realm`, written by realm-core): every readable
/// fixture's models must compile against the SwiftData stand-in, and list cardinality must follow the data.
@Suite struct RealmFileModelsTests {
    /// Every `.realm` fixture, top level and `upstream/`, sorted.
    static let fixtures: [URL] = {
        let folders = [Fixtures.realmDirectory, Fixtures.realmDirectory.appendingPathComponent("upstream")]
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
                $0.hasSuffix(".realm")
            }
            .map { folder.appendingPathComponent($0) }
        }.sorted { $0.path < $1.path }
    }()

    @Test func thereAreFixtures() {
        #expect(Self.fixtures.count >= 20, "fixtures not found under \(Fixtures.realmDirectory.path)")
    }

    /// Generated sources for every readable fixture and option set; fixtures the reader rejects must be the ones it
    /// documents as unreadable (encrypted, or a file format before 20).
    static func generatedSets() throws -> [String: [String: String]] {
        var sets: [String: [String: String]] = [:]
        for url in fixtures {
            let file: RealmFileReader
            do {
                file = try RealmFileReader(url: url)
            } catch {
                switch error.kind {
                case .encrypted, .unsupportedFileFormat: continue
                default:
                    Issue.record("\(url.lastPathComponent) cannot be read: \(error)")
                    continue
                }
            }
            let input = try RealmFileModelInput(file: file)
            for (variant, options) in [
                ("iOS17", CodegenOptions()), ("iOS18", CodegenOptions(minimumIOS: .iOS18)),
                ("CloudKit", CodegenOptions(minimumIOS: .iOS18, cloudKit: true)),
            ] {
                var options = options
                options.listUsage = input.listUsage
                let output = SwiftDataCodegen.generate(input.schema, options: options)
                sets["\(url.lastPathComponent) \(variant)"] = output.compiledFiles
            }
        }
        return sets
    }

    @Test func everyReadableFixturesModelsCompile() throws {
        let sets = try Self.generatedSets()
        #expect(!sets.isEmpty)
        // Fixtures of one family written by several engine versions give the same code: compile each distinct set once.
        var distinct: [[String: String]: [String]] = [:]
        for (name, files) in sets { distinct[files, default: []].append(name) }
        for (files, names) in distinct.sorted(by: { $0.value.min() ?? "" < $1.value.min() ?? "" }) {
            let outcome = try GeneratedCodeCompiler.typecheck(files)
            #expect(
                outcome.succeeded && !outcome.output.contains("warning:"),
                "\(names.sorted().joined(separator: ", ")):\n\(outcome.output)")
        }
    }

    @Test func musicFixtureMatchesGolden() throws {
        let input = try RealmFileModelInput(file: RealmFileReader(url: Fixtures.realm("music.v24.realm")))
        var options = CodegenOptions(minimumIOS: .iOS18)
        options.listUsage = input.listUsage
        try Golden.check(SwiftDataCodegen.generate(input.schema, options: options), case: "MusicRealmV24")
    }
}

/// `RealmFileModelInput.listUsage` against the engine's own dumps: realm2json prints each list of links as the
/// targets' primary keys (or object keys), so a value printed twice across one column is a shared target.
@Suite struct ListUsageFromDataTests {
    /// The current engine's plain JSON dump for a fixture (beside v24 files, under `current/` for older ones).
    /// alltypes holds NaN in float and double values, lists, sets and maps (its realm2json dump prints `nan`), which
    /// SwiftData's SQLite store keeps as NULL: those properties become optional and the importer writes NaN as nil.
    @Test func valuesHoldingNaNBecomeOptionalAndAreImportedAsNil() throws {
        let input = try RealmFileModelInput(file: RealmFileReader(url: Fixtures.realm("alltypes.v24.realm")))
        let dump = try String(contentsOf: Self.dump(for: Fixtures.realm("alltypes.v24.realm")), encoding: .utf8)
        for key in ["floatVal", "doubleVal"] {
            #expect(dump.contains("\"\(key)\":nan"), "\(key)")
            #expect(input.valuesHoldingNaN["AllTypes.\(key)"] != nil, "\(key)")
        }
        #expect(input.valuesHoldingNaN["AllTypes.floatList"]?.hasSuffix("are NaN") == true)
        // A column without NaN keeps its type.
        #expect(input.valuesHoldingNaN["AllTypes.intVal"] == nil)
        var options = CodegenOptions()
        options.valuesHoldingNaN = input.valuesHoldingNaN
        let output = SwiftDataCodegen.generate(input.schema, options: options)
        let models = try #require(output.files.first { $0.name == "Models.swift" }?.contents)
        let importer = try #require(output.files.first { $0.name == "RealmImporter.swift" }?.contents)
        #expect(models.contains("    var floatVal: Float?\n") && models.contains("    var floatList: [Float?]\n"))
        #expect(importer.contains(".attribute(\"floatVal\", \\.floatVal, .float, storesNaNAsNil: true)"))
        #expect(
            output.report.needsHuman.contains {
                $0.subject == "AllTypes.floatVal" && $0.message.contains("holds NaN") && $0.message.contains("nil")
            })
    }

    static func dump(for url: URL) -> URL {
        let base = url.deletingPathExtension().lastPathComponent
        let beside = url.deletingPathExtension().appendingPathExtension("json")
        if base.hasSuffix(".v24") { return beside }
        return Fixtures.realmDirectory.appendingPathComponent("current").appendingPathComponent(base + ".json")
    }

    @Test func listUsageMatchesTheEngineDumps() throws {
        var checked = 0
        for url in RealmFileModelsTests.fixtures {
            guard let file = try? RealmFileReader(url: url),
                let text = try? String(contentsOf: Self.dump(for: url), encoding: .utf8)
            else { continue }
            // realm2json prints NaN and infinities as bare tokens (fixtures README); make the text strict JSON.
            // It also leaves control characters in strings unescaped; blank them (link keys never contain any).
            let strict = String(
                text.replacingOccurrences(
                    of: #"(?<![\w"])-?(nan|inf)(?![\w"])"#, with: "0", options: [.regularExpression, .caseInsensitive]
                ).unicodeScalars.map { $0.value < 0x20 && $0 != "\n" ? " " : Character($0) })
            let dump = try #require(
                try JSONSerialization.jsonObject(with: Data(strict.utf8)) as? [String: Any], "\(url.lastPathComponent)")
            let input = try RealmFileModelInput(file: file)
            let kinds = Dictionary(input.schema.objectTypes.map { ($0.name, $0.kind) }, uniquingKeysWith: { a, _ in a })
            for object in input.schema.objectTypes where object.kind != .embedded {
                let rows = dump[object.name] as? [[String: Any]] ?? []
                for property in object.properties
                where property.type == .object && property.collection != .single && property.collection != .dictionary
                    && property.objectClassName.flatMap({ kinds[$0] }) != .embedded
                {
                    let printed = rows.flatMap { ($0[property.name] as? [Any] ?? []).map { "\($0)" } }
                    let key = "\(object.name).\(property.name)"
                    let expected: CodegenOptions.ListUsage? =
                        printed.isEmpty ? nil : (Set(printed).count < printed.count ? .manyToMany : .oneToMany)
                    #expect(input.listUsage[key] == expected, "\(url.lastPathComponent) \(key)")
                    checked += 1
                }
            }
        }
        #expect(checked >= 10, "too few link lists checked (\(checked))")
    }
}
