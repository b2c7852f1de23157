/// One bit per page: set once the page's decrypted bytes are in place. Not synchronised; the loader guards it.
struct PageBitmap: Sendable {
    private var words: [UInt64]
    let pageCount: Int

    /// A bitmap of `pageCount` clear bits.
    init(pageCount: Int) {
        self.pageCount = pageCount
        words = [UInt64](repeating: 0, count: (pageCount + 63) / 64)
    }

    /// Whether `page` (0 ..< pageCount) is marked.
    func contains(_ page: Int) -> Bool { words[page / 64] & (1 << UInt64(page % 64)) != 0 }

    /// Marks `page` (0 ..< pageCount).
    mutating func insert(_ page: Int) { words[page / 64] |= 1 << UInt64(page % 64) }

    /// Clears the mark of `page` (0 ..< pageCount).
    mutating func remove(_ page: Int) { words[page / 64] &= ~(1 << UInt64(page % 64)) }

    /// The maximal runs of consecutive marked pages, in ascending order.
    var markedRuns: [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int? = nil
        for (index, word) in words.enumerated() where word != 0 || start != nil {
            for bit in 0..<64 {
                let page = index * 64 + bit
                guard page < pageCount else { break }
                let marked = word & (1 << UInt64(bit)) != 0
                if marked, start == nil { start = page }
                if !marked, let first = start {
                    runs.append(first..<page)
                    start = nil
                }
            }
        }
        if let first = start { runs.append(first..<pageCount) }
        return runs
    }

    /// The number of marked pages.
    var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }
}
