import RealmSwift
import Shared
import SwiftUI

@main
struct TickerApp: App {
    var body: some Scene {
        WindowGroup { RecipientsList(names: ["Ada", "Grace"]) }
    }
}

/// A view named like the shared framework's embedded object: it must not hide it.
struct RecipientsList: View {
    var names: [String]
    var body: some View {
        List(names, id: \.self) { Text($0) }
    }
}
