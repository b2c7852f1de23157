import RealmModelParser
import RealmSchema
import SwiftDataCodegen
import Testing

/// Forms met on real multi-target apps (issue 22's survey), in our own inputs: a `LinkingObjects` origin written as
/// `#keyPath`, an initializer through a computed global of a shared framework, a tuple-pattern variable in a test
/// target's class, and an embedded object's `LinkingObjects` to its holder.
@Suite struct MultiTargetFormTests {
    static func parse(_ files: [(String, String)]) -> RealmModelParser.Result {
        RealmModelParser.parse(files.map { .init(path: $0.0, text: $0.1) })
    }

    @Test func aLinkingObjectsOriginWrittenAsKeyPathIsKept() throws {
        let source = """
            import RealmSwift

            final class Kennel: Object {
                @objc dynamic var name = ""
                let dogs = List<Dog>()
            }

            final class Dog: Object {
                @objc dynamic var name = ""
                let kennels = LinkingObjects<Kennel>(fromType: Kennel.self, property: #keyPath(Kennel.dogs))
                let shortForm = LinkingObjects(fromType: Kennel.self, property: #keyPath(dogs))
            }
            """
        let result = Self.parse([("Dog.swift", source)])
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
        let dog = try #require(result.schema[className: "Dog"])
        for name in ["kennels", "shortForm"] {
            let property = try #require(dog[property: name], "\(name)")
            #expect(property.type == .linkingObjects)
            #expect(property.objectClassName == "Kennel")
            #expect(property.linkOriginPropertyName == "dogs", "\(name)")
        }
    }

    /// A shared framework's environment reached through a computed global (`var World: Globe { get … set … }`),
    /// whose closure-typed member gives the default.
    @Test func anInitializerThroughAComputedGlobalIsTyped() throws {
        let support = """
            import Foundation

            private var storedWorld = Globe()

            public var World: Globe {
                get { storedWorld }
                set { storedWorld = newValue }
            }

            public class Globe {
                public var clock: () -> Date = Date.init
                public var label: String { "globe" }
            }
            """
        let models = """
            import RealmSwift

            public class Visit: Object {
                @objc public dynamic var seenAt = World.clock()
                @objc public dynamic var place = World.label
            }
            """
        let result = Self.parse([("Environment.swift", support), ("Visit.swift", models)])
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics)")
        let visit = try #require(result.schema[className: "Visit"])
        #expect(visit[property: "seenAt"]?.type == .date)
        #expect(visit[property: "place"]?.type == .string)
        #expect(visit.unpersistedMembers == nil)
    }

    /// A test target's class destructures a tuple into two stored properties; the file's model is still read.
    @Test func aTuplePatternVariableIsReadWithoutAnError() throws {
        let source = """
            import RealmSwift
            import XCTest

            final class Ticket: Object {
                @Persisted(primaryKey: true) var code = ""
            }

            final class TicketTests: XCTestCase {
                private var (pending, resolve) = Self.makePending()
                private let (low, high): (Int, Int) = (1, 2), label = "tickets"
                private var ticket: Ticket?

                static func makePending() -> (Int, (Int) -> Void) { (0, { _ in }) }
            }
            """
        let result = Self.parse([("TicketTests.swift", source)])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.schema[className: "Ticket"]?[property: "code"]?.type == .string)
    }

    /// An embedded object's `LinkingObjects` to its holder has no stored field: it is not generated, and the report
    /// says so (not "a map of links").
    @Test func anEmbeddedObjectsLinkingObjectsIsReportedAsNoStoredData() throws {
        let source = """
            import RealmSwift

            final class Parcel: Object {
                @Persisted(primaryKey: true) var code = ""
                @Persisted var label: Label?
            }

            final class Label: EmbeddedObject {
                @Persisted var text = ""
                @Persisted(originProperty: "label") var parcels: LinkingObjects<Parcel>
            }
            """
        let result = Self.parse([("Parcel.swift", source)])
        let output = SwiftDataCodegen.generate(result.schema, options: CodegenOptions())
        let items = output.report.needsHuman.filter { $0.subject == "Label.parcels" }
        #expect(items.count == 1)
        #expect(items.first?.message.contains("LinkingObjects") == true, "\(items)")
        #expect(items.first?.message.contains("no stored data") == true, "\(items)")
        let models = output.files.first { $0.name == "Models.swift" }?.contents ?? ""
        #expect(models.contains("var text: String"))
        #expect(!models.contains("parcels"))
    }

    /// An Apple enum persisted by its raw value (`RealmProperty<CLAccuracyAuthorization.RawValue?>`): the raw type
    /// is Apple's declared one, without CoreLocation in the input; an unknown type's `RawValue` stays assumed.
    @Test func anAppleEnumsRawValueIsItsDeclaredRawType() throws {
        let source = """
            import CoreLocation
            import RealmSwift

            final class LocationEntry: Object {
                private let rawAccuracy = RealmProperty<CLAccuracyAuthorization.RawValue?>()
                private let rawStatus = RealmProperty<CLAuthorizationStatus.RawValue?>()
                private let rawOther = RealmProperty<Unknown.RawValue?>()
            }
            """
        let result = Self.parse([("LocationEntry.swift", source)])
        let entry = try #require(result.schema[className: "LocationEntry"])
        #expect(entry.properties.map(\.type) == [.int, .int, .object])
        #expect(entry.properties.map(\.declaredSwiftType) == [nil, "Int32", nil])
        #expect(entry.properties.map(\.isOptional) == [true, true, true])
        #expect(entry.properties.map(\.assumedTypeName) == [nil, nil, "Unknown.RawValue"])
    }
}
