/// A table's object B+tree ("cluster tree", realm-file-format.md §5): inner nodes route by object key, leaves
/// ("clusters") hold a key array and one column leaf per column.
struct ClusterTree {
    let bytes: FileBytes
    let root: Int

    /// The key shift of compact inner nodes per level; 8 in every production build of the engine (§5.2).
    static let shiftFactor: Int64 = 8

    /// One cluster: its node, the key offset its relative keys are added to, and its keys.
    struct Leaf: Sendable {
        let node: Node
        let keyOffset: Int64
        /// The key array, or `nil` in compact form (relative keys 0 ..< count).
        let keys: Node?
        /// The number of objects in the cluster.
        let count: Int

        /// The object key of row `row`.
        @inline(__always)
        func key(at row: Int, _ bytes: FileBytes) throws(RealmFileError) -> Int64 {
            guard let keys else { return keyOffset &+ Int64(row) }
            return keyOffset &+ Int64(bitPattern: try bytes.unsignedInteger(keys, row))
        }

        /// The ref of the column leaf at leaf index `leafIndex`, or `nil` for a hole.
        func columnRef(leafIndex: Int, _ bytes: FileBytes) throws(RealmFileError) -> Int? {
            try bytes.optionalRef(node, 1 &+ leafIndex, "column leaf \(leafIndex)")
        }
    }

    /// Reads a cluster (leaf) node.
    func leaf(_ node: Node, keyOffset: Int64) throws(RealmFileError) -> Leaf {
        guard node.hasRefs, node.size >= 1 else {
            throw RealmFileError(.corruptNode, offset: node.ref, context: "cluster with \(node.size) slots")
        }
        let first = try bytes.slot(node, 0)
        if first & 1 == 1 {
            guard let count = Int(exactly: first >> 1), count <= maximumClusterSize else {
                throw RealmFileError(.corruptNode, offset: node.ref, context: "cluster object count \(first >> 1)")
            }
            return Leaf(node: node, keyOffset: keyOffset, keys: nil, count: count)
        }
        let keys = try bytes.integerArray(at: try bytes.ref(first, "cluster keys", from: node.ref), "cluster keys")
        return Leaf(node: node, keyOffset: keyOffset, keys: keys, count: keys.size)
    }

    /// The number of objects in the tree, from the root's header (no traversal).
    func objectCount() throws(RealmFileError) -> Int {
        let node = try bytes.node(at: root, "cluster tree root")
        if !node.isInner { return try leaf(node, keyOffset: 0).count }
        guard node.hasRefs, node.size >= 3, let count = try bytes.optionalTagged(node, 2, "cluster tree size"),
            let result = Int(exactly: count)
        else {
            throw RealmFileError(.corruptNode, offset: root, context: "cluster tree inner node header")
        }
        return result
    }

    /// Calls `body` with every cluster in key order.
    func forEachLeaf(_ body: (Leaf) throws(RealmFileError) -> Void) throws(RealmFileError) {
        var iterator = LeafIterator(tree: self)
        while let leaf = try iterator.next() { try body(leaf) }
    }

    /// The cluster and row holding object `key`, or `nil` when there is no such object.
    func find(_ key: Int64) throws(RealmFileError) -> (leaf: Leaf, row: Int)? {
        var ref = root
        var offset: Int64 = 0
        for _ in 0..<maximumTreeDepth {
            let node = try bytes.node(at: ref, "cluster tree node")
            let relative = key &- offset
            if !node.isInner {
                let leaf = try leaf(node, keyOffset: offset)
                guard let keys = leaf.keys else {
                    guard relative >= 0, relative < Int64(leaf.count) else { return nil }
                    return (leaf, Int(relative))
                }
                var low = 0
                var high = leaf.count
                while low < high {
                    let middle = (low + high) / 2
                    let candidate = Int64(bitPattern: try bytes.unsignedInteger(keys, middle))
                    if candidate == relative { return (leaf, middle) }
                    if UInt64(bitPattern: candidate) < UInt64(bitPattern: relative) {
                        low = middle + 1
                    } else {
                        high = middle
                    }
                }
                return nil
            }
            let inner = try InnerNode(bytes, node)
            guard let child = try inner.child(containing: relative) else { return nil }
            ref = child.ref
            offset = offset &+ child.offset
        }
        throw RealmFileError(.cycle, offset: ref, context: "cluster tree deeper than \(maximumTreeDepth)")
    }

    /// An inner node of the cluster tree (§5.2).
    struct InnerNode {
        let node: Node
        /// Child key offsets, or `nil` in compact form.
        let offsets: Node?
        let shift: Int64
        let bytes: FileBytes

        var childCount: Int { node.size - 3 }

        init(_ bytes: FileBytes, _ node: Node) throws(RealmFileError) {
            guard node.hasRefs, node.size >= 3 else {
                throw RealmFileError(
                    .corruptNode, offset: node.ref, context: "cluster inner node with \(node.size) slots")
            }
            self.node = node
            self.bytes = bytes
            guard let depth = try bytes.optionalTagged(node, 1, "cluster inner node depth"), depth >= 1, depth <= 7
            else {
                throw RealmFileError(.corruptNode, offset: node.ref, context: "cluster inner node depth")
            }
            shift = Int64(depth) * ClusterTree.shiftFactor
            if let offsetsRef = try bytes.optionalRef(node, 0, "cluster inner node key offsets") {
                let offsets = try bytes.integerArray(at: offsetsRef, "cluster inner node key offsets")
                guard offsets.size == node.size - 3 else {
                    throw RealmFileError(
                        .corruptNode, offset: offsetsRef, context: "cluster key offsets count \(offsets.size)")
                }
                self.offsets = offsets
            } else {
                self.offsets = nil
            }
        }

        /// The key offset of child `index`, relative to this node.
        func childOffset(_ index: Int) throws(RealmFileError) -> Int64 {
            if let offsets { return Int64(bitPattern: try bytes.unsignedInteger(offsets, index)) }
            return Int64(index) << shift
        }

        /// The ref of child `index`.
        func childRef(_ index: Int) throws(RealmFileError) -> Int {
            try bytes.ref(try bytes.slot(node, 3 &+ index), "cluster tree child", from: node.ref)
        }

        /// The child whose key range holds `relative` (a key relative to this node), if any.
        func child(containing relative: Int64) throws(RealmFileError) -> (ref: Int, offset: Int64)? {
            guard childCount > 0, relative >= 0 else { return nil }
            var index: Int
            if offsets == nil {
                index = Int(relative >> shift)
                guard index < childCount else { return nil }
            } else {
                var low = 0
                var high = childCount  // first child whose offset is greater than `relative`
                while low < high {
                    let middle = (low + high) / 2
                    if try childOffset(middle) <= relative { low = middle + 1 } else { high = middle }
                }
                guard low > 0 else { return nil }
                index = low - 1
            }
            return (try childRef(index), try childOffset(index))
        }
    }

    /// Produces the clusters of a tree one at a time, in key order, with an explicit stack (no recursion) and a
    /// visited set (no node is read twice).
    struct LeafIterator {
        private let tree: ClusterTree
        private var stack: [(inner: InnerNode, offset: Int64, next: Int)] = []
        private var visited: Set<Int> = []
        private var started = false

        init(tree: ClusterTree) { self.tree = tree }

        /// Asks the page loader again for the inner nodes the iterator holds, after their pages were released.
        func reloadHeldNodes() throws(RealmFileError) {
            for entry in stack {
                try tree.bytes.reload(entry.inner.node, "cluster inner node")
                if let offsets = entry.inner.offsets {
                    try tree.bytes.reload(offsets, "cluster inner node key offsets")
                }
            }
        }

        mutating func next() throws(RealmFileError) -> Leaf? {
            var pending: (ref: Int, offset: Int64)?
            if !started {
                started = true
                pending = (tree.root, 0)
            }
            while true {
                if let (ref, offset) = pending {
                    guard visited.insert(ref).inserted else {
                        throw RealmFileError(.cycle, offset: ref, context: "cluster tree node reached twice")
                    }
                    let node = try tree.bytes.node(at: ref, "cluster tree node")
                    if !node.isInner { return try tree.leaf(node, keyOffset: offset) }
                    guard stack.count < maximumTreeDepth else {
                        throw RealmFileError(
                            .cycle, offset: ref, context: "cluster tree deeper than \(maximumTreeDepth)")
                    }
                    stack.append((try InnerNode(tree.bytes, node), offset, 0))
                    pending = nil
                }
                guard let top = stack.last else { return nil }
                if top.next >= top.inner.childCount {
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                pending = (try top.inner.childRef(top.next), top.offset &+ (try top.inner.childOffset(top.next)))
            }
        }
    }
}
