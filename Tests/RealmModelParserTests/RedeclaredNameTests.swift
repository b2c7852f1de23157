import RealmModelParser
import RealmSchema
import Testing

/// One name declared by several targets of an app (an app extension, a SwiftUI view, a file no target compiles): a
/// type that is not a model never hides a Realm model, whichever file comes first.
@Suite struct RedeclaredNameTests {
    static let extensionTarget = """
        import UserNotifications

        protocol NotificationCategory {
            var identifier: String { get }
        }
        """
    static let views = """
        import SwiftUI

        struct RecipientsList: View {
            var body: some View { Text("to") }
        }
        """
    static let unused = """
        import Foundation

        struct CoinTicker: Codable {
            var symbol: String
        }
        """
    static let models = """
        import RealmSwift

        class NotificationCategory: Object {
            @Persisted(primaryKey: true) var identifier: String
        }

        class RecipientsList: EmbeddedObject {
            @Persisted var addresses: List<String>
        }

        class Draft: Object {
            @Persisted var recipients: RecipientsList?
        }

        final class CoinTicker: Object {
            @Persisted var symbol: String
            @Persisted var price: Double
        }
        """

    @Test func aModelWinsOverAnyOtherTypeOfItsName() throws {
        let result = RealmModelParser.parse([
            .init(path: "NotificationExtension/Category.swift", text: Self.extensionTarget),
            .init(path: "App/Views/RecipientsList.swift", text: Self.views),
            .init(path: "Unused/CoinTicker.swift", text: Self.unused),
            .init(path: "Shared/Models.swift", text: Self.models),
        ])
        let schema = result.schema
        #expect(
            schema.objectTypes.map(\.name).sorted() == [
                "CoinTicker", "Draft", "NotificationCategory", "RecipientsList",
            ])
        #expect(schema[className: "RecipientsList"]?.kind == .embedded)
        #expect(schema[className: "Draft"]?[property: "recipients"]?.objectClassName == "RecipientsList")
        #expect(schema[className: "CoinTicker"]?.properties.map(\.name) == ["symbol", "price"])
        #expect(schema[className: "NotificationCategory"]?.primaryKey == "identifier")
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics)")
    }

    @Test func twoModelsOfOneNameKeepTheFirstAndSaySo() throws {
        let other = "import RealmSwift\nclass CoinTicker: Object {\n    @Persisted var name: String\n}\n"
        let result = RealmModelParser.parse([
            .init(path: "Shared/Models.swift", text: Self.models), .init(path: "Widget/Ticker.swift", text: other),
        ])
        #expect(result.schema[className: "CoinTicker"]?.properties.map(\.name) == ["symbol", "price"])
        #expect(
            result.diagnostics.map(\.description).contains(
                "Widget/Ticker.swift:2: warning: 'CoinTicker' is declared again as a Realm model (first at "
                    + "Shared/Models.swift:15); only the first is converted: give the project's description "
                    + "(`project.pbxproj`, `Package.swift`, `project.yml`) so each target's models are resolved "
                    + "apart, or convert each target's folders on their own"))
    }

    /// Build manifests (Tuist's helpers, `Package.swift`) are never the app's code: an `enum Constants` there does
    /// not hide the framework's `Constants` that a persisted property's default names.
    @Test func aManifestsTypeDoesNotHideTheAppsConstant() {
        let helper = """
            import ProjectDescription

            public enum Constants {
                public static let deploymentTarget = "17.0"
            }
            """
        let constants = """
            import Foundation

            public enum Constants {
                public static let yearOneDate = Date(timeIntervalSince1970: -62_135_596_800)
            }
            """
        let model = """
            import RealmSwift

            public final class PhotoSyncSettings: Object {
                @Persisted public var lastSync = Constants.yearOneDate
            }
            """
        let result = RealmModelParser.parse([
            .init(path: "Tuist/ProjectDescriptionHelpers/Constants.swift", text: helper),
            .init(path: "Core/Constants.swift", text: constants),
            .init(path: "Core/PhotoSyncSettings.swift", text: model),
        ])
        #expect(result.schema[className: "PhotoSyncSettings"]?.properties.map(\.type) == [.date])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }
}
