import Foundation
import RealmModelParser
import SwiftDataCodegen
import SwiftDataConversion
import SwiftDataStandIn
import SwiftSourceSyntax
import Testing

/// Whole projects with several targets (`Tests/RealmModels/Projects/MultiTarget`, `PackageModules`, `XcodeGenApp`):
/// names resolved per target as the compiler does, from the project's `project.pbxproj`, `Package.swift` or
/// `project.yml`. A type of one target never hides another target's model, two models with one name are both
/// converted (named apart, each target with its importer), and models that no app target compiles are reported.
@Suite struct MultiTargetProjectTests {
    static let root = ProjectPatternsTests.root

    static func convert(_ project: String, excludes: [String] = []) throws -> ModelConversionResult {
        try ModelConversion(
            inputs: [root.appendingPathComponent(project)], options: CodegenOptions(minimumIOS: .iOS18),
            excludes: excludes.map(PathGlob.init)
        ).run().relative(to: root)
    }

    /// The parser's schema of the whole project folder, modules planned from its descriptions.
    static func schema(_ project: String) throws -> RealmModelParser.Result {
        let folder = root.appendingPathComponent(project)
        let found = try SwiftSourceFiles.find([folder])
        let files = try found.map { file in
            RealmModelParser.SourceFile(
                path: String(file.url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)),
                text: try String(contentsOf: file.url, encoding: .utf8))
        }
        let plan = ProjectLayout.find(in: [folder]).modules(of: found.map { $0.url.standardizedFileURL.path })
        return RealmModelParser.parse(files, modules: plan)
    }

    static func properties(_ result: RealmModelParser.Result, _ name: String) -> [String]? {
        result.schema[className: name]?.properties.map(\.name)
    }

    /// A model file two targets compile is generated once, linking as the first target sees it; the other target
    /// sees its own `CoinTicker` under that name, and a warning says where its links go.
    @Test func aSharedModelLinkingToANameEachTargetSeesOtherwiseIsReported() throws {
        let result = try Self.schema("SharedSources")
        #expect(
            result.schema.objectTypes.map(\.name).sorted() == ["CoinTicker", "Portfolio", "PortfolioWidgetCoinTicker"])
        let coins = try #require(result.schema[className: "Portfolio"]?[property: "coins"])
        #expect(coins.property.objectClassName == "CoinTicker")
        let warnings = result.diagnostics.filter { $0.severity == .warning }.map(\.message)
        #expect(
            warnings.contains(
                "'Portfolio.coins' links to 'CoinTicker'; target 'PortfolioWidget' compiles the same file and sees "
                    + "'PortfolioWidgetCoinTicker' under the name 'CoinTicker': its importer moves these links into "
                    + "'CoinTicker' objects"), "\(warnings)")
    }

    @Test func anXcodeProjectsTargetsKeepEveryModelAndNameApartTheTwoWithOneName() throws {
        let result = try Self.schema("MultiTarget")
        #expect(
            result.schema.objectTypes.map(\.name) == [
                "NotificationCategory", "RecipientsList", "PricePoint", "CoinTicker", "TickerWidgetCoinTicker",
                "LegacyQuote",
            ])
        // The framework's model is not hidden by the extension's protocol, nor its embedded object by the app's view.
        #expect(Self.properties(result, "NotificationCategory") == ["identifier", "actions", "recipients"])
        #expect(result.schema[className: "RecipientsList"]?.kind == .embedded)
        #expect(Self.properties(result, "CoinTicker") == ["symbol", "price", "history", "category"])
        #expect(
            result.schema[className: "CoinTicker"]?.properties.map(\.property.objectClassName) == [
                nil, nil, "PricePoint", "NotificationCategory",
            ])
        let widget = try #require(result.schema[className: "TickerWidgetCoinTicker"])
        #expect(widget.realmClassName == "CoinTicker")
        #expect(widget.properties.map(\.name) == ["symbol", "lastPrice", "isFavorite"])
        #expect(widget.primaryKey == "symbol")
        #expect(
            result.schema.targetImporters == [
                TargetImporter(
                    target: "TickerWidget",
                    classNames: ["NotificationCategory", "RecipientsList", "PricePoint", "TickerWidgetCoinTicker"])
            ])
        #expect(
            result.diagnostics.map(\.description) == [
                "MultiTarget/TickerTests/MockModels.swift:5: warning: 'MockQuote' is a Realm model in a file that only "
                    + "test targets compile: not converted (add the file to an app target, or convert it on its own)",
                "MultiTarget/TickerWidget/CoinTicker.swift:4: warning: 'CoinTicker' is also a Realm model of another "
                    + "target (MultiTarget/App/CoinTicker.swift:5); this one (target 'TickerWidget') is converted as "
                    + "'TickerWidgetCoinTicker', still reading the Realm class 'CoinTicker': migrate the target's Realm "
                    + "file with `TickerWidgetRealmImporter`",
                "MultiTarget/TickerWidget/Legacy.swift:4: warning: 'LegacyQuote' is a Realm model in a file that no "
                    + "target of the project compiles: converted anyway, in case a target does compile it; delete it "
                    + "from the output if it is not the app's",
                "MultiTarget/Unused/OldCoinTicker.swift:4: warning: 'CoinTicker' is a Realm model in a file that no "
                    + "target of the project compiles: not converted (the model of that name at "
                    + "MultiTarget/App/CoinTicker.swift:5 is)",
            ])
    }

    @Test func withoutTheProjectDescriptionFolderConventionsStillKeepBothModels() throws {
        let result = try Self.convert("MultiTarget", excludes: ["*.xcodeproj"])
        let models = try #require(result.files.first { $0.name == "Models.swift" }?.contents)
        // `TickerWidget/` is an extension by its name, `TickerTests/` tests; the rest is one module.
        #expect(models.contains("final class TickerWidgetCoinTicker {"))
        #expect(models.contains("final class CoinTicker {"))
        #expect(!models.contains("MockQuote"))
        #expect(
            !result.diagnostics.contains {
                $0.location.file.hasSuffix("TickerWidget/CoinTicker.swift") && $0.message.contains("declared again")
            })
    }

    @Test func packageTargetsResolveTheirOwnModelFirstAndLinkToIt() throws {
        let result = try Self.schema("PackageModules")
        #expect(result.schema.objectTypes.map(\.name) == ["Account", "Settings", "Favorite", "SyncAccount", "Outbox"])
        // Inside `Feature`, `Account` is the feature's struct: `Models.Account` names the model.
        #expect(result.schema[className: "Favorite"]?.properties.map(\.property.objectClassName) == [nil, "Account"])
        #expect(Self.properties(result, "Account") == ["id", "email", "settings"])
        #expect(Self.properties(result, "SyncAccount") == ["remoteID", "token"])
        #expect(result.schema[className: "SyncAccount"]?.realmClassName == "Account")
        // Inside `Sync`, `Account` is Sync's own model.
        #expect(result.schema[className: "Outbox"]?.properties.first?.property.objectClassName == "SyncAccount")
        #expect(
            result.schema.targetImporters == [
                TargetImporter(target: "Sync", classNames: ["Settings", "SyncAccount", "Outbox"])
            ])
        #expect(
            result.diagnostics.map(\.location.file).sorted() == [
                "PackageModules/Sources/Sync/Account.swift", "PackageModules/Tests/ModelsTests/MockAccount.swift",
            ])
    }

    @Test func xcodeGenTargetsKeepTheFrameworksModelOverTheWidgetsStruct() throws {
        let result = try Self.schema("XcodeGenApp")
        #expect(result.schema.objectTypes.map(\.name) == ["Note", "Folder", "OldNote"])
        #expect(Self.properties(result, "Note") == ["id", "text"])
        #expect(result.schema[className: "Folder"]?.properties.last?.property.objectClassName == "Note")
        #expect(result.schema.targetImporters == nil)
        #expect(
            result.diagnostics.map(\.description) == [
                "XcodeGenApp/Core/Deprecated/OldNote.swift:3: warning: 'OldNote' is a Realm model in a file that no "
                    + "target of the project compiles: converted anyway, in case a target does compile it; delete it "
                    + "from the output if it is not the app's"
            ])
    }

    @Test func tuistTargetsAreReadAndItsHelpersAreNotTheAppsCode() throws {
        let result = try Self.schema("TuistApp")
        #expect(result.schema.objectTypes.map(\.name) == ["PhotoSyncSettings", "Album"])
        #expect(result.schema[className: "PhotoSyncSettings"]?.properties.map(\.type) == [.int, .date])
        #expect(result.schema[className: "Album"]?.properties.last?.property.objectClassName == "PhotoSyncSettings")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let plan = ProjectLayout.find(in: [Self.root.appendingPathComponent("TuistApp")])
        #expect(plan.targets.map(\.name) == ["Photos", "PhotosCore"])
        #expect(plan.targets.map(\.imports) == [["PhotosCore", "RealmSwift"], ["RealmSwift"]])
    }

    @Test func developmentPodsAreModulesTheAppsImport() throws {
        let result = try Self.schema("PodsApp")
        #expect(result.schema.objectTypes.map(\.name) == ["Bookmark", "OldBookmark"])
        #expect(result.diagnostics.map(\.location.file) == ["PodsApp/Legacy/OldBookmark.swift"])
        let layout = ProjectLayout.find(in: [Self.root.appendingPathComponent("PodsApp")])
        #expect(layout.targets.map(\.name) == ["Storage", "Wallet"])
        #expect(layout.targets.map(\.imports) == [["RealmSwift"], ["Storage"]])
    }

    static let projects = ["MultiTarget", "PackageModules", "XcodeGenApp", "TuistApp", "PodsApp"]

    @Test(arguments: projects) func matchesGolden(_ project: String) throws {
        let result = try Self.convert(project)
        try Golden.check(result.files.map { ($0.name, $0.contents) }, case: "Project\(project)")
    }

    @Test(arguments: projects) func compilesAgainstTheSwiftDataStandIn(_ project: String) throws {
        let result = try Self.convert(project)
        let compiled = Dictionary(
            uniqueKeysWithValues: result.files.filter(\.isCompiled).map { ($0.name, $0.contents) })
        let outcome = try GeneratedCodeCompiler.typecheck(compiled)
        #expect(outcome.succeeded && !outcome.output.contains("warning:"), "\(outcome.output)")
    }
}
