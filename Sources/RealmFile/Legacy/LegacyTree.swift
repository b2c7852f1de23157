/// Random access to the elements of one column B+tree of a format 2–9 file (realm-core 5's `BpTree`): the same
/// inner-node layout as a collection B+tree of later formats (realm-file-format.md §6.13), leaves of one `LeafKind`.
///
/// The leaves are listed once (their refs and where each ends); the leaf last read stays decoded, so reading rows
/// in order decodes each leaf header once.
struct LegacyTree {
    let kind: LeafKind
    private let leaves: [Int]
    /// `ends[i]` is one past the last element of leaf `i`.
    private let ends: [Int]
    private var current = LeafReader.empty
    private var currentLeaf = -1
    private var currentStart = 0

    /// The number of elements.
    var count: Int { ends.last ?? 0 }
    /// The root's ref, for errors.
    let root: Int
    /// The leaf read last (the root before any), for errors.
    var leafRef: Int { currentLeaf >= 0 ? leaves[currentLeaf] : root }

    /// Lists the leaves of the tree at `root`, each decoded as `kind`.
    init(_ context: DecodingContext, root: Int, kind: LeafKind) throws(RealmFileError) {
        var leaves: [Int] = []
        var ends: [Int] = []
        var total = 0
        try BPlusTree(bytes: context.bytes).forEachLeaf(root: root) { (leaf: Int) throws(RealmFileError) in
            total &+= try LeafReader(context, at: leaf, kind: kind).count
            leaves.append(leaf)
            ends.append(total)
        }
        self.kind = kind
        self.root = root
        self.leaves = leaves
        self.ends = ends
    }

    /// Element `index` as the leaf decoder reads it.
    mutating func value(at index: Int, _ context: DecodingContext) throws(RealmFileError) -> StoredValue {
        if currentLeaf < 0 || index < currentStart || index >= ends[currentLeaf] {
            guard index >= 0, index < count else {
                throw RealmFileError(
                    .corruptNode, offset: root, context: "element \(index) of a \(count)-element column")
            }
            var low = 0
            var high = ends.count - 1
            while low < high {
                let middle = (low + high) / 2
                if ends[middle] > index { high = middle } else { low = middle + 1 }
            }
            current = try LeafReader(context, at: leaves[low], kind: kind)
            currentLeaf = low
            currentStart = low == 0 ? 0 : ends[low - 1]
        }
        return try current.value(at: index - currentStart, context)
    }

    /// Element `index` of an integer tree.
    mutating func integer(at index: Int, _ context: DecodingContext) throws(RealmFileError) -> Int64 {
        switch try value(at: index, context) {
        case .int(let value): return value
        default: return 0
        }
    }
}
