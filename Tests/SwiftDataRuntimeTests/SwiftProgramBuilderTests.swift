import Foundation
import SwiftDataToolchain
import Testing

/// The builder finds the package's build folder, caches executables by their inputs, and reports compiler errors
/// with the compiler's output.
@Suite struct SwiftProgramBuilderTests {
    @Test func buildsOncePerInputAndRunsTheProgram() throws {
        let builder = try TestPrograms.builder.get()
        #expect(
            FileManager.default.fileExists(
                atPath: builder.buildDirectory.appendingPathComponent("libCarryoverRehearsal.so").path))
        let files = [
            "main.swift": """
            import SwiftData
            @Model final class Note {
                var text: String
                init(text: String) { self.text = text }
            }
            let container = try ModelContainer(for: Note.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
            let context = ModelContext(container)
            context.insert(Note(text: "hello"))
            try context.save()
            print(try context.fetch(FetchDescriptor<Note>()).map(\\.text))
            """
        ]
        let first = try builder.build(files: files)
        let second = try builder.build(files: files)
        #expect(first == second)
        let run = try TestPrograms.run(first, [])
        #expect(run.status == 0 && run.output.contains("[\"hello\"]"), "\(run.output)")
    }

    @Test func compilerErrorsAreReportedWithTheirOutput() throws {
        let builder = try TestPrograms.builder.get()
        #expect {
            try builder.build(files: ["main.swift": "import SwiftData\nlet x: Int = \"not an int\"\n"])
        } throws: { error in
            guard let error = error as? SwiftDataToolchainError else { return false }
            return error.kind == .compilationFailed && error.compilerOutput.contains("error:")
        }
    }
}
