import ObjectiveCSourceSyntax

/// The blocks a file hands to other queues and threads: the arguments of `dispatch_async` (and `dispatch_sync`,
/// `dispatch_after`, the barrier and group forms) and of `addOperationWithBlock:` / `detachNewThreadWithBlock:`
/// messages, each with whether it runs off the main thread (a queue other than `dispatch_get_main_queue()` or
/// `[NSOperationQueue mainQueue]`). A Realm opened in such a block is a threading finding.
struct ObjectiveCQueueBlocks: Sendable {
    /// One block: its tokens (the call's arguments), the call's name, whether it runs in the background.
    private struct Block: Sendable {
        var range: Range<Int>
        var call: String
        var isBackground: Bool
    }

    private let blocks: [Block]

    /// The queue calls of a file.
    init(_ brackets: ObjectiveCBrackets) {
        let tokens = brackets.tokens
        var blocks: [Block] = []
        for index in tokens.indices where tokens[index].kind == .identifier {
            let name = tokens[index].text
            if let queueArgument = Self.dispatchCalls[name], index + 1 < tokens.count,
                tokens[index + 1].isPunctuation("("), let close = ObjectiveCMessage.matching(index + 1, in: brackets)
            {
                let arguments = ObjectiveCMessage.split((index + 2)..<close, in: brackets)
                let queue = arguments.indices.contains(queueArgument) ? arguments[queueArgument] : nil
                let isMain = queue?.contains { tokens[$0].isIdentifier("dispatch_get_main_queue") } ?? true
                blocks.append(Block(range: (index + 2)..<close, call: name, isBackground: !isMain))
            } else if name == "addOperationWithBlock" || name == "detachNewThreadWithBlock", index > 0,
                index + 1 < tokens.count, tokens[index + 1].isPunctuation(":"),
                let open = Self.enclosingMessage(of: index, in: brackets), let close = brackets.close(of: open)
            {
                let receiver = (open + 1)..<index
                let isMain = receiver.contains { tokens[$0].isIdentifier("mainQueue") }
                blocks.append(Block(range: (index + 2)..<close, call: name + ":", isBackground: !isMain))
            }
        }
        self.blocks = blocks
    }

    /// The C calls and the index of their queue argument.
    private static let dispatchCalls: [String: Int] = [
        "dispatch_async": 0, "dispatch_sync": 0, "dispatch_barrier_async": 0, "dispatch_barrier_sync": 0,
        "dispatch_after": 1, "dispatch_group_async": 1,
    ]

    /// The `[` of the message whose selector keyword is at `keyword`, searched backwards at the same depth.
    private static func enclosingMessage(of keyword: Int, in brackets: ObjectiveCBrackets) -> Int? {
        var index = keyword - 1
        var steps = 0
        while index >= 0, steps < 256 {
            let token = brackets.tokens[index]
            if token.isPunctuation("[") { return index }
            if token.bracketDepthChange == -1, let open = brackets.open(of: index) {
                index = open - 1
            } else if token.bracketDepthChange == 1 {
                return nil
            } else {
                index -= 1
            }
            steps += 1
        }
        return nil
    }

    /// The call whose block holds token `index` when the innermost such block runs in the background.
    func backgroundCall(around index: Int) -> String? {
        let innermost = blocks.filter { $0.range.contains(index) }.min { $0.range.count < $1.range.count }
        guard let innermost, innermost.isBackground else { return nil }
        return innermost.call
    }
}
