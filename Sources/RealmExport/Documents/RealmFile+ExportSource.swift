import RealmFile

extension RealmFileReader: ExportSource {
    public func forEachObject(in table: StoredTable, _ body: (StoredObject) throws -> Void) throws {
        var cursor = objects(in: table)
        while let object = try cursor.next() { try body(object) }
    }
}
