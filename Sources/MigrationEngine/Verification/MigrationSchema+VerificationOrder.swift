extension MigrationSchema {
    /// The indices of the classes in an order that puts the target of every `.link` field before the class holding
    /// it, where the links allow (a cycle keeps the order in which the walk meets it); otherwise schema order.
    func linkTargetsFirst() -> [Int] {
        var indexByName: [String: Int] = [:]
        for (index, cls) in classes.enumerated() where indexByName[cls.name] == nil { indexByName[cls.name] = index }
        let targets = classes.map { cls in
            cls.fields.compactMap { field in field.type == .link ? field.targetClass.flatMap { indexByName[$0] } : nil }
        }
        var visited = [Bool](repeating: false, count: classes.count)
        var order: [Int] = []
        order.reserveCapacity(classes.count)
        // A depth-first walk with its own stack (class, next target to visit), so deep chains cannot exhaust the
        // thread's stack; a class is placed after all its targets.
        var stack: [(node: Int, next: Int)] = []
        for root in classes.indices where !visited[root] {
            visited[root] = true
            stack.append((root, 0))
            while let top = stack.last {
                if top.next < targets[top.node].count {
                    stack[stack.count - 1].next += 1
                    let target = targets[top.node][top.next]
                    if !visited[target] {
                        visited[target] = true
                        stack.append((target, 0))
                    }
                } else {
                    stack.removeLast()
                    order.append(top.node)
                }
            }
        }
        return order
    }
}
