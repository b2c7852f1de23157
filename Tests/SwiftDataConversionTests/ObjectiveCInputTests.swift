import Foundation
import SwiftDataCodegen
import SwiftDataConversion
import TestSupport
import Testing

/// Objective-C sources as `ModelConversion` finds them in an app folder: headers and implementation files found
/// and read whatever their encoding, models of test targets reported as Swift ones are.
@Suite struct ObjectiveCInputTests {
    static let dog = """
        #import <Realm/Realm.h>
        @interface Dog : RLMObject
        @property NSString *name;
        @end
        """

    @Test func aFolderOfOnlyHeadersAndImplementationFilesConverts() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(
            at: directory.appending("App/Models"), withIntermediateDirectories: true)
        try Data(Self.dog.utf8).write(to: directory.appending("App/Models/Dog.h"))
        try Data("#import \"Dog.h\"\n@implementation Dog\n@end\n".utf8).write(
            to: directory.appending("App/Models/Dog.m"))
        let result = try ModelConversion(inputs: [directory.url]).run()
        #expect(result.classCount == 1)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    /// An old project's file in MacRoman (`©` is byte 0xA9) is read, its invalid bytes replaced.
    @Test func aFileInAnOlderEncodingIsRead() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var bytes = Array("// Copyright ".utf8) + [0xA9] + Array(" 2014 Kennel Inc.\n".utf8)
        bytes += Array(Self.dog.utf8)
        try Data(bytes).write(to: directory.appending("Dog.h"))
        let result = try ModelConversion(inputs: [directory.url]).run()
        #expect(result.classCount == 1)
    }

    /// A model only a test target compiles (here by folder convention, `…Tests`) is reported, not converted.
    @Test func modelsOfTestTargetsAreReportedNotConverted() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for folder in ["Kennel", "KennelTests"] {
            try FileManager.default.createDirectory(
                at: directory.appending(folder), withIntermediateDirectories: true)
        }
        try Data(Self.dog.utf8).write(to: directory.appending("Kennel/Dog.h"))
        try Data("#import \"Dog.h\"\n@implementation Dog\n@end\n".utf8).write(to: directory.appending("Kennel/Dog.m"))
        try Data(
            """
            #import <Realm/Realm.h>
            @interface FixtureDog : RLMObject
            @property NSString *name;
            @end
            @implementation FixtureDog
            @end
            """.utf8
        ).write(to: directory.appending("KennelTests/FixtureDog.m"))
        let result = try ModelConversion(inputs: [directory.url]).run()
        #expect(result.classCount == 1)
        #expect(
            result.diagnostics.map(\.message) == [
                "'FixtureDog' is a Realm model in a file that only test targets compile: not converted (add the file "
                    + "to an app target, or convert it on its own)"
            ])
    }
}
