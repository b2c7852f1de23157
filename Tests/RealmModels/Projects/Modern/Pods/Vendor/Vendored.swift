import RealmSwift

/// Vendored code: skipped with the whole Pods folder.
final class VendoredCache: Object {
    @Persisted var blob: Data
}
