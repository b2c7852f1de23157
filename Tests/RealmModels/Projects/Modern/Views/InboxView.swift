import SwiftUI

/// Not Realm: a view of the project, which the converter steps over.
struct InboxView: View {
    @State private var query = ""

    var body: some View {
        List {
            Text(query)
        }
    }
}

final class InboxModel: NSObject {
    @objc dynamic var isLoading = false
}

#Preview {
    InboxView()
}

@available(iOS 17, *)
#Preview("Searching") {
    @Previewable @State var isShown = false
    @Previewable @State var query = "inbox"
    InboxView()
}

#Preview(traits: .sizeThatFitsLayout) {
    InboxView()
}
