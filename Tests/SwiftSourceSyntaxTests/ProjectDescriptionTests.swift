import Foundation
import Testing

@testable import SwiftSourceSyntax

/// The project descriptions that say which target compiles which file: Xcode's `project.pbxproj`, SwiftPM's
/// `Package.swift` and XcodeGen's `project.yml`, read from the test projects in `Tests/RealmModels/Projects`.
@Suite struct ProjectDescriptionTests {
    static let projects = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("RealmModels/Projects").standardizedFileURL.path

    static func text(_ relative: String) throws -> String {
        try String(contentsOfFile: "\(projects)/\(relative)", encoding: .utf8)
    }

    @Test func oldStylePropertyListsReadQuotedAndBareStringsArraysAndComments() throws {
        let value = try OpenStepPropertyList.parse(
            """
            // !$*UTF8*$!
            { a = b; /* note */ c = ( "x y", z, ); d = { e = "q\\"uote\\n"; }; f = ( ); }
            """)
        #expect(
            value
                == .dictionary([
                    "a": .string("b"), "c": .array([.string("x y"), .string("z")]),
                    "d": .dictionary(["e": .string("q\"uote\n")]), "f": .array([]),
                ]))
    }

    @Test func aMalformedPropertyListSaysWhereItStops() {
        #expect(throws: OpenStepPropertyListError(line: 2, expected: "';' after the value of 'b'")) {
            try OpenStepPropertyList.parse("{ a = b;\n b = c }")
        }
        #expect(throws: OpenStepPropertyListError.self) { try OpenStepPropertyList.parse("{ a = \"open") }
        #expect(throws: OpenStepPropertyListError.self) {
            try OpenStepPropertyList.parse(String(repeating: "(", count: 10_000))
        }
    }

    @Test func everyTruncationOfTheXcodeProjectIsReadOrRejectedWithoutATrap() throws {
        let bytes = Array(try Self.text("MultiTarget/Ticker.xcodeproj/project.pbxproj").utf8)
        var rejected = 0
        for end in stride(from: 0, to: bytes.count, by: 97) {
            let text = String(decoding: bytes[..<end], as: UTF8.self)
            if (try? XcodeProjectTargets.targets(in: text, path: "/p/App.xcodeproj/project.pbxproj")) == nil {
                rejected += 1
            }
            _ = SimpleYAML.parse(text)
            _ = PackageManifestTargets.targets(in: text, path: "/p/Package.swift")
            _ = PodspecTargets.target(in: text, path: "/p/Pod.podspec")
        }
        #expect(rejected == (bytes.count + 96) / 97)
    }

    @Test func xcodeTargetsCompileTheirSourcesBuildPhasesAndSynchronizedFolders() throws {
        let path = "\(Self.projects)/MultiTarget/Ticker.xcodeproj/project.pbxproj"
        let targets = try XcodeProjectTargets.targets(
            in: try Self.text("MultiTarget/Ticker.xcodeproj/project.pbxproj"), path: path)
        #expect(targets.map(\.name) == ["Ticker", "Shared", "NotificationService", "TickerWidget", "TickerTests"])
        #expect(targets.map(\.kind) == [.application, .library, .appExtension, .appExtension, .test])
        let root = "\(Self.projects)/MultiTarget"
        #expect(targets[0].files == ["\(root)/App/TickerApp.swift", "\(root)/App/CoinTicker.swift"])
        #expect(
            targets[2].files == [
                "\(root)/NotificationService/NotificationCategory.swift",
                "\(root)/NotificationService/NotificationService.swift",
            ])
        // Only frameworks and libraries are imported: the embedded extensions are not.
        #expect(targets.map(\.imports) == [["Shared"], [], ["Shared"], ["Shared"], []])
        let widget = targets[3]
        #expect(widget.compiles("\(root)/TickerWidget/CoinTicker.swift"))
        #expect(!widget.compiles("\(root)/TickerWidget/Legacy.swift"))
        #expect(!targets.contains { $0.compiles("\(root)/Unused/CoinTicker.swift") })
    }

    @Test func packageTargetsUseTheirDefaultFoldersExclusionsAndDependencies() throws {
        let path = "\(Self.projects)/PackageModules/Package.swift"
        let targets = PackageManifestTargets.targets(in: try Self.text("PackageModules/Package.swift"), path: path)
        #expect(targets.map(\.name) == ["Models", "Feature", "Sync", "ModelsTests", "AccountKit"])
        #expect(targets.map(\.kind) == [.library, .library, .library, .test, .library])
        #expect(
            targets.map(\.imports) == [
                ["RealmSwift"], ["Models"], ["Models", "RealmSwift"], ["Models"], ["Models", "Feature"],
            ])
        let root = "\(Self.projects)/PackageModules"
        #expect(targets[0].compiles("\(root)/Sources/Models/Account.swift"))
        #expect(!targets[0].compiles("\(root)/Sources/Sync/Account.swift"))
        #expect(targets[2].excluded.first == "\(root)/Sources/Sync/Notes.md")
        #expect(targets[3].compiles("\(root)/Tests/ModelsTests/MockAccount.swift"))
        #expect(targets[4].folders.isEmpty && targets[4].files.isEmpty)
    }

    @Test func yamlBlocksFlowSequencesAndCommentsAreRead() {
        let document = SimpleYAML.parse(
            """
            name: App # a comment
            targets:
              App:
                sources: [App, "Shared Code"]
                dependencies:
                  - target: Core
                    embed: true
                  - package: Charts
              Core:
                sources:
                - path: Core
                  excludes:
                    - Old
            """)
        #expect(document["name"] == .scalar("App"))
        let app = document["targets"]?["App"]
        #expect(app?["sources"] == .sequence([.scalar("App"), .scalar("Shared Code")]))
        #expect(
            app?["dependencies"]?.elements.map { $0["target"] ?? $0["package"] } == [
                .scalar("Core"), .scalar("Charts"),
            ])
        #expect(app?["dependencies"]?.elements.first?["embed"] == .scalar("true"))
        #expect(document["targets"]?["Core"]?["sources"]?.elements.first?["excludes"] == .sequence([.scalar("Old")]))
    }

    @Test func xcodeGenTargetsReadSourcesExcludesAndFrameworkDependencies() throws {
        let path = "\(Self.projects)/XcodeGenApp/project.yml"
        let targets = XcodeGenTargets.targets(in: try Self.text("XcodeGenApp/project.yml"), path: path)
        let root = "\(Self.projects)/XcodeGenApp"
        #expect(targets.map(\.name) == ["Notes", "NotesCore", "NotesWidget"])
        #expect(targets.map(\.kind) == [.application, .library, .appExtension])
        #expect(targets.map(\.imports) == [["NotesCore"], [], ["NotesCore"]])
        #expect(targets[1].compiles("\(root)/Core/Note.swift"))
        #expect(!targets[1].compiles("\(root)/Core/Deprecated/OldNote.swift"))
        #expect(targets[2].compiles("\(root)/Widget/Note.swift"))
    }

    @Test func modulesComeAfterWhatTheyImportAndFilesNoAppTargetCompilesAreSetApart() throws {
        let root = "\(Self.projects)/MultiTarget"
        let layout = ProjectLayout.find(in: [URL(fileURLWithPath: root)])
        #expect(layout.problems.isEmpty)
        #expect(layout.roots == [root])
        let paths = [
            "App/TickerApp.swift", "Shared/RecipientsList.swift", "TickerWidget/Legacy.swift",
            "TickerTests/MockModels.swift", "TickerWidget/CoinTicker.swift", "/elsewhere/Loose.swift",
        ].map { $0.hasPrefix("/") ? $0 : "\(root)/\($0)" }
        let plan = layout.modules(of: paths)
        #expect(plan.modules.map(\.name) == [nil, "Shared", "Ticker", "TickerWidget"])
        #expect(plan.modules.map(\.files) == [[5], [1], [0], [4]])
        #expect(plan.modules.map(\.imported) == [[], [5], [1, 5], [1, 5]])
        #expect(plan.uncompiled == [2])
        #expect(plan.testsOnly == [3])
    }

    @Test func withoutAProjectDescriptionEveryFileIsOneModule() {
        let plan = ProjectLayout().modules(of: ["/a/One.swift", "/b/Two.swift"])
        #expect(plan.modules == [ModulePlan.Module(name: nil, files: [0, 1], imported: [])])
    }

    @Test func withoutADescriptionTopFoldersNamedLikeExtensionsOrTestsAreTargetsByConvention() {
        var layout = ProjectLayout()
        layout.inputFolders = ["/app"]
        let paths = [
            "/app/Models/Ticker.swift", "/app/TickerWidget/Ticker.swift", "/app/ShareExtension/Share.swift",
            "/app/TickerTests/Mock.swift", "/app/Extension/String+Trim.swift", "/app/Root.swift",
        ]
        let plan = layout.modules(of: paths)
        #expect(plan.modules.map(\.name) == [nil, "TickerWidget", "ShareExtension"])
        #expect(plan.modules.map(\.files) == [[0, 4, 5], [1], [2]])
        #expect(plan.modules.map(\.imported) == [[], [0, 4, 5], [0, 4, 5]])
        #expect(plan.testsOnly == [3])
        #expect(ProjectLayout.conventionKind(ofFolder: "Extensions") == nil)
    }
}
