import RealmFile

extension RealmFileReader: ExportSource {
    public func forEachObject(in table: StoredTable, _ body: (StoredObject) throws -> Void) throws {
        var cursor = objects(in: table, skippingBacklinks: true)
        while let object = try cursor.next() { try body(object) }
    }
}
