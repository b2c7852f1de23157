/// Every file of `Models`, and of the targets that import it, sees RealmSwift.
@_exported import RealmSwift
