extension MigrationValue {
    /// Calls `body` for every link in the value, including links inside collections and nested values.
    public func forEachLink(_ body: (ObjectReference) -> Void) {
        switch self {
        case .link(let reference): body(reference)
        case .list(let items), .set(let items): for item in items { item.forEachLink(body) }
        case .dictionary(let entries): for entry in entries { entry.value.forEachLink(body) }
        default: break
        }
    }
}
