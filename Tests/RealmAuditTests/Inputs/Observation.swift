import Combine
import RealmSwift

final class DogListController {
    // expect: observation | NotificationToken | moderate | NotificationToken
    var token: NotificationToken?
    var cancellables: Set<AnyCancellable> = []

    func start(realm: Realm, dog: Dog) {
        // expect: query | objects(_:) | trivial | objects
        let dogs = realm.objects(Dog.self)
        // expect: observation | observe(_:) | moderate | observe
        token = dogs.observe { changes in
            print(changes)
        }
        // expect: observation | observe(_:) | moderate | observe
        _ = dog.observe(keyPaths: ["name"]) { change in print(change) }
        // expect: observation | collectionPublisher | moderate | collectionPublisher
        dogs.collectionPublisher.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &cancellables)
        // expect: observation | valuePublisher(_:) | moderate | valuePublisher
        valuePublisher(dog).sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &cancellables)
        // expect: observation | changesetPublisher | hard | changesetPublisher
        changesetPublisher(dogs).sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &cancellables)
        // expect: observation | objectWillChange | moderate | objectWillChange
        dogs.objectWillChange.sink { _ in }.store(in: &cancellables)
    }
}
