import RealmFile

extension RealmFile: ExportSource {
    public func forEachObject(in table: Table, _ body: (Object) throws -> Void) throws {
        var cursor = objects(in: table)
        while let object = try cursor.next() { try body(object) }
    }
}
