import MigrationEngine

/// A list property during a migration, as RealmSwift's `List`: read from an `oldObject`, read and changed on a
/// `newObject` (each change is written to the object). Indices out of range trap, as an `Array`'s do.
public final class List<Element>: RandomAccessCollection, MutableCollection, CustomStringConvertible {
    private var elements: [Element]
    private let store: ([Element]) -> Void

    init(_ elements: [Element], store: @escaping ([Element]) -> Void) {
        self.elements = elements
        self.store = store
    }

    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }

    public subscript(position: Int) -> Element {
        get { elements[position] }
        set {
            elements[position] = newValue
            store(elements)
        }
    }

    /// Appends `element`.
    public func append(_ element: Element) {
        elements.append(element)
        store(elements)
    }

    /// Appends every element of `sequence`.
    public func append<S: Sequence>(objectsIn sequence: S) where S.Element == Element {
        elements.append(contentsOf: sequence)
        store(elements)
    }

    /// Inserts `element` at `index`.
    public func insert(_ element: Element, at index: Int) {
        elements.insert(element, at: index)
        store(elements)
    }

    /// Removes the element at `index`.
    public func remove(at index: Int) {
        elements.remove(at: index)
        store(elements)
    }

    /// Removes every element.
    public func removeAll() {
        elements.removeAll()
        store(elements)
    }

    /// Moves the element at `from` to `to`.
    public func move(from: Int, to: Int) {
        let element = elements.remove(at: from)
        elements.insert(element, at: to)
        store(elements)
    }

    public var description: String { "List<\(Element.self)>(\(elements.count) elements)" }
}

extension List: MigrationCollectionValues {
    var swiftElements: [Any?] { elements.map { $0 as Any? } }
    var swiftEntries: [(String, Any?)]? { nil }
}

/// A set property during a migration, as RealmSwift's `MutableSet`: elements are distinct by their stored value.
public final class MutableSet<Element>: Sequence, CustomStringConvertible {
    private var elements: [Element]
    private let store: ([Element]) -> Void
    private let identity: (Element) -> MigrationValue?

    init(
        _ elements: [Element], store: @escaping ([Element]) -> Void,
        identity: @escaping (Element) -> MigrationValue?
    ) {
        self.elements = elements
        self.store = store
        self.identity = identity
    }

    /// The number of elements.
    public var count: Int { elements.count }

    public func makeIterator() -> IndexingIterator<[Element]> { elements.makeIterator() }

    /// Whether an element with the same stored value is in the set.
    public func contains(_ element: Element) -> Bool { position(of: element) != nil }

    /// Adds `element` unless the set holds it.
    public func insert(_ element: Element) {
        guard position(of: element) == nil else { return }
        elements.append(element)
        store(elements)
    }

    /// Removes `element` if the set holds it.
    public func remove(_ element: Element) {
        guard let index = position(of: element) else { return }
        elements.remove(at: index)
        store(elements)
    }

    /// Removes every element.
    public func removeAll() {
        elements.removeAll()
        store(elements)
    }

    public var description: String { "MutableSet<\(Element.self)>(\(elements.count) elements)" }

    private func position(of element: Element) -> Int? {
        guard let wanted = identity(element) else { return nil }
        return elements.firstIndex { identity($0) == wanted }
    }
}

extension MutableSet: MigrationCollectionValues {
    var swiftElements: [Any?] { elements.map { $0 as Any? } }
    var swiftEntries: [(String, Any?)]? { nil }
}

/// A dictionary property during a migration, as RealmSwift's `Map` with `String` keys, in the stored order.
public final class Map<Key: Hashable, Value>: Sequence, CustomStringConvertible {
    private var pairs: [(Key, Value)]
    private let store: ([(Key, Value)]) -> Void

    init(_ pairs: [(Key, Value)], store: @escaping ([(Key, Value)]) -> Void) {
        self.pairs = pairs
        self.store = store
    }

    /// The number of entries.
    public var count: Int { pairs.count }
    /// The keys, in the stored order.
    public var keys: [Key] { pairs.map(\.0) }
    /// The values, in the stored order.
    public var values: [Value] { pairs.map(\.1) }

    public func makeIterator() -> IndexingIterator<[(key: Key, value: Value)]> {
        pairs.map { (key: $0.0, value: $0.1) }.makeIterator()
    }

    /// The value for `key`; setting `nil` removes the entry.
    public subscript(key: Key) -> Value? {
        get { pairs.first { $0.0 == key }?.1 }
        set {
            if let index = pairs.firstIndex(where: { $0.0 == key }) {
                if let newValue { pairs[index].1 = newValue } else { pairs.remove(at: index) }
            } else if let newValue {
                pairs.append((key, newValue))
            }
            store(pairs)
        }
    }

    /// Removes the entry for `key`.
    public func removeObject(for key: Key) { self[key] = nil }

    /// Removes every entry.
    public func removeAll() {
        pairs.removeAll()
        store(pairs)
    }

    public var description: String { "Map<\(Key.self), \(Value.self)>(\(pairs.count) entries)" }
}

extension Map: MigrationCollectionValues {
    var swiftElements: [Any?] { pairs.map { $0.1 as Any? } }
    var swiftEntries: [(String, Any?)]? { pairs.map { ("\($0.0)", $0.1 as Any?) } }
}
