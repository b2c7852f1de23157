/// Walks the leaves of a collection B+tree (realm-file-format.md §6.13) in element order.
///
/// Inner nodes are `[first, child₁ … childₙ, total]`; leaves have the inner flag clear. A node met twice, or a
/// tree deeper than `maximumTreeDepth`, is reported as `.cycle`, so crafted files cannot make the walk loop.
struct BPlusTree {
    let bytes: FileBytes

    /// Calls `body` with the ref of every leaf under `root`, left to right.
    func forEachLeaf(root: Int, _ body: (Int) throws(RealmFileError) -> Void) throws(RealmFileError) {
        let rootNode = try bytes.node(at: root, "collection B+tree")
        guard rootNode.isInner else {
            try body(root)
            return
        }
        var visited: Set<Int> = [root]
        try walk(rootNode, depth: 1, visited: &visited, body)
    }

    private func walk(
        _ node: Node, depth: Int, visited: inout Set<Int>, _ body: (Int) throws(RealmFileError) -> Void
    ) throws(RealmFileError) {
        guard depth <= maximumTreeDepth else {
            throw RealmFileError(.cycle, offset: node.ref, context: "collection B+tree deeper than \(maximumTreeDepth)")
        }
        guard node.hasRefs, node.size >= 3 else {
            throw RealmFileError(.corruptNode, offset: node.ref, context: "B+tree inner node with \(node.size) slots")
        }
        for slot in 1..<(node.size - 1) {
            let child = try bytes.ref(try bytes.slot(node, slot), "B+tree child", from: node.ref)
            guard visited.insert(child).inserted else {
                throw RealmFileError(.cycle, offset: child, context: "B+tree node reached twice")
            }
            let childNode = try bytes.node(at: child, "B+tree child")
            if childNode.isInner {
                try walk(childNode, depth: depth + 1, visited: &visited, body)
            } else {
                try body(child)
            }
        }
    }
}
