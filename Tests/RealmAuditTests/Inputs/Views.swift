import RealmSwift
import SwiftUI

struct DogsView: View {
    @ObservedResults(Dog.self, sortDescriptor: SortDescriptor(keyPath: "name")) var dogs  // expect: swiftui | @ObservedResults | trivial | @
    @ObservedSectionedResults(Dog.self, sectionKeyPath: \.name) var sections  // expect: swiftui | @ObservedSectionedResults | moderate | @
    @ObservedRealmObject var owner: Person  // expect: swiftui | @ObservedRealmObject | trivial | @
    @StateRealmObject var draft = Dog()  // expect: swiftui | @StateRealmObject | trivial | @

    var body: some View {
        List(dogs) { dog in Text(dog.name) }
            .environment(\.realmConfiguration, Realm.Configuration(inMemoryIdentifier: "preview"))  // expect: swiftui | environment(\.realmConfiguration) | trivial | \ ;; configuration | Realm.Configuration | trivial | Realm ;; configuration | inMemoryIdentifier | trivial | inMemoryIdentifier
    }
}
