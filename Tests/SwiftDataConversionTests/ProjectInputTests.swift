import Foundation
import SwiftDataCodegen
import SwiftDataConversion
import SwiftSourceSyntax
import TestSupport
import Testing

/// An app folder as input: recursive, several inputs, vendored and build folders skipped, `--exclude` patterns.
@Suite struct ProjectInputTests {
    @Test func globsMatchComponentsOrRelativePaths() {
        #expect(PathGlob("Pods").matches("App/Pods/Realm/Object.swift"))
        #expect(PathGlob("*.generated.swift").matches("App/Mocks.generated.swift"))
        #expect(!PathGlob("*.generated.swift").matches("App/Mocks.swift"))
        #expect(PathGlob("Generated/**").matches("Generated/Deep/Inner/Model.swift"))
        #expect(!PathGlob("Generated/**").matches("App/Generated/Model.swift"))
        #expect(PathGlob("**/Generated/*.swift").matches("App/Generated/Model.swift"))
        #expect(PathGlob("**/Generated/*.swift").matches("Generated/Model.swift"))
        #expect(!PathGlob("App/*.swift").matches("App/Sub/Model.swift"))
        #expect(PathGlob("App/?odel.swift").matches("App/Model.swift"))
        #expect(PathGlob("./Sources/").matches("Sources"))
    }

    @Test func vendoredFoldersAndExcludedPathsAreLeftOut() throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        let model = "import RealmSwift\nclass %@: Object {\n    @Persisted var name: String\n}\n"
        let files = [
            "App/Models/Track.swift": "Track", "App/Pods/RealmSwift/Vendored.swift": "Vendored",
            "Carthage/Checkouts/Lib.swift": "Checkout", "DerivedData/Build.swift": "Derived",
            "App/Generated/Mock.swift": "Mock", "App/Models/Track.pb.swift": "Proto", ".build/Built.swift": "Built",
        ]
        for (path, name) in files {
            let url = project.appending(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(String(format: model, name).utf8).write(to: url)
        }
        let conversion = ModelConversion(
            inputs: [project.url], excludes: [PathGlob("App/Generated/**"), PathGlob("*.pb.swift")])
        let result = try conversion.run()
        let models = try #require(result.files.first { $0.name == "Models.swift" }?.contents)
        #expect(result.classCount == 1)
        #expect(models.contains("final class Track {"))
        for name in ["Vendored", "Checkout", "Derived", "Mock", "Proto", "Built"] {
            #expect(!models.contains("class \(name)"), "\(name)")
        }
    }

    @Test func aSubclassInOneInputOfAModelInAnotherIsConverted() throws {
        let project = try TemporaryDirectory()
        defer { project.remove() }
        try Data("import RealmSwift\nclass Base: Object {\n    @Persisted(primaryKey: true) var id: Int\n}\n".utf8)
            .write(to: project.appending("Base.swift"))
        try FileManager.default.createDirectory(at: project.appending("Feature"), withIntermediateDirectories: true)
        try Data("import RealmSwift\nclass Leaf: Base {\n    @Persisted var title: String\n}\n".utf8)
            .write(to: project.appending("Feature/Leaf.swift"))
        let result = try ModelConversion(inputs: [project.appending("Feature"), project.appending("Base.swift")])
            .run()
        let models = try #require(result.files.first { $0.name == "Models.swift" }?.contents)
        #expect(result.classCount == 2)
        #expect(models.contains("final class Leaf {\n    @Attribute(.unique) var id: Int\n    var title: String\n"))
        #expect(!result.hasErrors)
    }
}
