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
        List(dogs) { dog in Text(dog.name) }
            // expect: swiftui | environment(\.realmConfiguration) | trivial | \ ;; configuration | Realm.Configuration | trivial | Realm ;; configuration | inMemoryIdentifier | trivial | inMemoryIdentifier
            .environment(\.realmConfiguration, Realm.Configuration(inMemoryIdentifier: "preview"))
    }
}
