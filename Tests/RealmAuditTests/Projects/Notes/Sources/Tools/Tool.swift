/// A target that sees no Realm: a `realm` here is the tool's own.
struct Kingdom {
    func objects(_ type: Any.Type) -> [String] { [] }
    func add(_ name: String) {}
}

func run(realm: Kingdom) {
    realm.add("x")
    print(realm.objects(String.self))
}
