import RealmSwift
import SwiftUI

struct DogsView: View {
    // expect: swiftui | @ObservedResults | trivial | @
    @ObservedResults(Dog.self, sortDescriptor: SortDescriptor(keyPath: "name")) var dogs
    // expect: swiftui | @ObservedSectionedResults | moderate | @
    @ObservedSectionedResults(Dog.self, sectionKeyPath: \.name) var sections
    // expect: swiftui | @ObservedRealmObject | trivial | @
    @ObservedRealmObject var owner: Person
    // expect: swiftui | @StateRealmObject | trivial | @
    @StateRealmObject var draft = Dog()

    var body: some View {
        List {
            ForEach(dogs) { dog in Text(dog.name) }
                // expect: write | $results.append / remove / move | trivial | $dogs
                .onDelete(perform: $dogs.remove)
            // expect: write | $results.append / remove / move | trivial | $dogs
            Button("Add") { $dogs.append(Dog()) }
        }
        // expect: swiftui | environment(\.realmConfiguration) | trivial | \ ;; configuration | Realm.Configuration | trivial | Realm ;; configuration | inMemoryIdentifier | trivial | inMemoryIdentifier
        .environment(\.realmConfiguration, Realm.Configuration(inMemoryIdentifier: "preview"))
    }
}

struct DogsPreview: View {
    let realm: Realm

    var body: some View {
        // expect: swiftui | environment(\.realm) | trivial | \
        DogsView().environment(\.realm, realm)
    }
}
