import Foundation
import RealmFile
import RealmFileModelInput
import SwiftDataCodegen
import SwiftDataToolchain
import TestSupport
import Testing

/// Generated code is already formatted: `swift format lint` with the package's own configuration finds nothing in
/// the compiled output of every golden case.
@Suite struct FormattingTests {
    @Test func generatedCodePassesSwiftFormatLint() throws {
        let directory = try TemporaryDirectory("carryover-format")
        defer { directory.remove() }
        var outputs: [(String, SwiftDataCodegen.Output)] = try RealisticModels.cases.map {
            ($0.name, try RealisticModels.convert($0).output)
        }
        outputs.append(("Guide", GuideModelsTests.convert([GuideModelsTests.album, GuideModelsTests.basicTrack]).0))
        outputs.append(("GuideSingle", GuideModelsTests.convert([GuideModelsTests.indexedTrack]).0))
        // alltypes has seven indexes: the #Index line has to wrap.
        let allTypes = try RealmFileModelInput(file: RealmFileReader(url: Fixtures.realm("alltypes.v24.realm")))
        for (name, options) in [
            ("AllTypes18", CodegenOptions(minimumIOS: .iOS18)), ("AllTypesCloudKit", CodegenOptions(cloudKit: true)),
        ] {
            outputs.append((name, SwiftDataCodegen.generate(allTypes.schema, options: options)))
        }
        for (name, output) in outputs {
            for file in output.files where file.isCompiled {
                try Data(file.contents.utf8).write(to: directory.appending("\(name)-\(file.name)"))
            }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "format", "lint", "--strict", "--configuration",
            Fixtures.packageRoot.appendingPathComponent(".swift-format").path,
            "--recursive", directory.url.path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let text = String(decoding: try pipe.fileHandleForReading.readToEndRetryingInterrupts(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && text.isEmpty, "\(text)")
    }
}
