/// Reads whole collections: lists and sets (B+trees of elements), dictionaries (format 23+: `[keys, values]`
/// B+trees; formats 21–22: a cluster tree of key and value columns) and backlink lists
/// (realm-file-format.md §6.12, §6.13).
struct CollectionDecoder {
    let context: DecodingContext

    /// All elements of the list or set rooted at `root`, in storage order. Link elements pointing at
    /// unresolved (tombstoned) objects are left out, as the engine does.
    func elements(root: Int, kind: LeafKind, depth: Int = 0, seen: NestedRoots? = nil) throws(RealmFileError)
        -> [StoredValue]
    {
        guard depth <= maximumTreeDepth else {
            throw RealmFileError(.cycle, offset: root, context: "collections nested deeper than \(maximumTreeDepth)")
        }
        var result: [StoredValue] = []
        let bytes = context.bytes
        // Mixed elements may hold nested collections: one record of them for the whole collection.
        let seen = kind == .mixed ? (seen ?? NestedRoots()) : seen
        try BPlusTree(bytes: bytes).forEachLeaf(root: root) { (leafRef: Int) throws(RealmFileError) in
            if case .link(let target, false) = kind {
                let node = try bytes.integerArray(at: leafRef, "link list leaf")
                result.reserveCapacity(result.count + node.size)
                for index in 0..<node.size {
                    let key = try bytes.integer(node, index)
                    if key >= 0 { result.append(.link(StoredObjectLink(table: target, key: StoredObjectKey(key)))) }
                }
                return
            }
            let leaf = try LeafReader(context, at: leafRef, kind: kind)
            let count = leaf.count
            result.reserveCapacity(result.count + count)
            for index in 0..<count {
                result.append(try leaf.value(at: index, context, depth: depth, seen: seen))
            }
        }
        return result
    }

    /// The origin object keys of one object's backlinks stored as a list (plain array or B+tree of int64).
    func backlinkKeys(root: Int) throws(RealmFileError) -> [Int64] {
        var keys: [Int64] = []
        let bytes = context.bytes
        try BPlusTree(bytes: bytes).forEachLeaf(root: root) { (leafRef: Int) throws(RealmFileError) in
            let node = try bytes.integerArray(at: leafRef, "backlink list")
            keys.reserveCapacity(keys.count + node.size)
            for index in 0..<node.size { keys.append(try bytes.integer(node, index)) }
        }
        return keys
    }

    /// The entries of the dictionary rooted at `root`, in storage order. Values are mixed values whatever the
    /// column's declared value type; links to unresolved objects read as `.null`.
    func dictionary(
        root: Int, keysAreStrings: Bool, depth: Int = 0, seen: NestedRoots? = nil
    ) throws(RealmFileError) -> [StoredDictionaryEntry] {
        guard depth <= maximumTreeDepth else {
            throw RealmFileError(.cycle, offset: root, context: "collections nested deeper than \(maximumTreeDepth)")
        }
        if context.fileFormat <= 22 {
            return try clusterDictionary(root: root, keysAreStrings: keysAreStrings, depth: depth, seen: seen)
        }
        let bytes = context.bytes
        let top = try bytes.refArray(at: root, "dictionary")
        guard top.size == 2 else {
            throw RealmFileError(.corruptNode, offset: root, context: "dictionary root with \(top.size) slots")
        }
        let keysRoot = try bytes.ref(try bytes.slot(top, 0), "dictionary keys", from: root)
        let valuesRoot = try bytes.ref(try bytes.slot(top, 1), "dictionary values", from: root)
        let keys = try elements(root: keysRoot, kind: keysAreStrings ? .string : .int(nullable: false), depth: depth)
        let values = try elements(root: valuesRoot, kind: .mixed, depth: depth, seen: seen)
        guard keys.count == values.count else {
            throw RealmFileError(
                .corruptNode, offset: root, context: "dictionary with \(keys.count) keys and \(values.count) values")
        }
        var entries: [StoredDictionaryEntry] = []
        entries.reserveCapacity(keys.count)
        for (key, value) in zip(keys, values) {
            entries.append(StoredDictionaryEntry(key: Self.keyText(key), value: value))
        }
        return entries
    }

    /// Formats 21–22: the dictionary is a cluster tree whose column 0 holds keys and column 1 mixed values.
    private func clusterDictionary(
        root: Int, keysAreStrings: Bool, depth: Int, seen: NestedRoots?
    ) throws(RealmFileError)
        -> [StoredDictionaryEntry]
    {
        var entries: [StoredDictionaryEntry] = []
        let bytes = context.bytes
        try ClusterTree(bytes: bytes, root: root).forEachLeaf { (leaf: ClusterTree.Leaf) throws(RealmFileError) in
            let node = leaf.node
            guard node.size >= 3 else {
                throw RealmFileError(
                    .corruptNode, offset: node.ref, context: "dictionary cluster with \(node.size) slots")
            }
            let keyLeaf = try LeafReader(
                context, at: try bytes.ref(try bytes.slot(node, 1), "dictionary keys", from: node.ref),
                kind: keysAreStrings ? .string : .int(nullable: false))
            let valueLeaf = try LeafReader(
                context, at: try bytes.ref(try bytes.slot(node, 2), "dictionary values", from: node.ref), kind: .mixed)
            for row in 0..<leaf.count {
                let key = try keyLeaf.value(at: row, context)
                let value = try valueLeaf.value(at: row, context, depth: depth, seen: seen)
                entries.append(StoredDictionaryEntry(key: Self.keyText(key), value: value))
            }
        }
        return entries
    }

    private static func keyText(_ key: StoredValue) -> String {
        switch key {
        case .string(let text): return text
        case .int(let number): return String(number)
        default: return ""
        }
    }
}
