import Combine
import RealmSwift

final class DogListController {
    var token: NotificationToken?  // expect: observation | NotificationToken | moderate | NotificationToken
    var cancellables: Set<AnyCancellable> = []

    func start(realm: Realm, dog: Dog) {
        let dogs = realm.objects(Dog.self)  // expect: query | objects(_:) | trivial | objects
        token = dogs.observe { changes in  // expect: observation | observe(_:) | moderate | observe
            print(changes)
        }
        _ = dog.observe(keyPaths: ["name"]) { change in print(change) }  // expect: observation | observe(_:) | moderate | observe
        dogs.collectionPublisher.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &cancellables)  // expect: observation | collectionPublisher | moderate | collectionPublisher
        valuePublisher(dog).sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &cancellables)  // expect: observation | valuePublisher(_:) | moderate | valuePublisher
        changesetPublisher(dogs).sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &cancellables)  // expect: observation | changesetPublisher | hard | changesetPublisher
        dogs.objectWillChange.sink { _ in }.store(in: &cancellables)  // expect: observation | objectWillChange | moderate | objectWillChange
    }
}
