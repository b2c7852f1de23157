import Foundation
import MigrationEngine
import RealmExport
import RealmFile

/// Writes the objects read back from a SwiftData store as `<Class>.jsonl`, one object per line, in the value
/// encoding of `carryover realm export --format jsonl`:
///
/// ```
/// {"class":"Track","key":0,"values":{"id":{"$numberLong":"1"},"album":"a-1",…}}
/// ```
///
/// Values are written by their Realm field type (a model's `String` that held an ObjectId is written as
/// `{"$oid":…}`, one that held a Decimal128's text as `{"$numberDecimal":…}`); a relationship is written as its target's primary key value, or as the target's object key
/// (`{"$numberLong":…}`) when the target class has none; embedded objects as JSON objects.
struct StoreDump {
    /// Every class of the Realm file, embedded ones included, by name.
    let classes: [String: ClassDescription]
    /// The primary key value of every object of classes that have one, by class and object key.
    let primaryKeys: [String: [Int64: MigrationValue]]

    func writeLine(_ record: MigrationRecord, of cls: ClassDescription, to output: OutputBuffer) {
        output.append("{\"class\":")
        StringFormat.appendStrictQuoted(cls.name, to: output)
        output.append(",\"key\":")
        output.append(decimal: record.key)
        output.append(",\"values\":")
        writeFields(cls.fields, values: record.values, to: output)
        output.append("}\n")
    }

    private func writeFields(_ fields: [FieldDescription], values: [MigrationValue], to output: OutputBuffer) {
        output.append(0x7B)
        for (index, field) in fields.enumerated() {
            if index > 0 { output.append(0x2C) }
            StringFormat.appendStrictQuoted(field.name, to: output)
            output.append(0x3A)
            write(index < values.count ? values[index] : .null, as: field, to: output)
        }
        output.append(0x7D)
    }

    private func write(_ value: MigrationValue, as field: FieldDescription, to output: OutputBuffer) {
        switch value {
        case .null: output.append("null")
        case .int(let number): ExtendedJSONFormat.appendInt(number, to: output)
        case .bool(let flag): output.append(flag ? "true" : "false")
        case .float(let number):
            ExtendedJSONFormat.appendNumberDouble(
                field.type == .float
                    ? ExtendedJSONFormat.floatText(number) : ExtendedJSONFormat.doubleText(Double(number)),
                to: output)
        case .double(let number):
            ExtendedJSONFormat.appendNumberDouble(ExtendedJSONFormat.doubleText(number), to: output)
        case .string(let text):
            if field.type == .objectId {
                output.append("{\"$oid\":")
                StringFormat.appendStrictQuoted(text, to: output)
                output.append(0x7D)
            } else if field.type == .decimal128 {
                output.append("{\"$numberDecimal\":")
                StringFormat.appendStrictQuoted(text, to: output)
                output.append(0x7D)
            } else {
                StringFormat.appendStrictQuoted(text, to: output)
            }
        case .data(let bytes): ExtendedJSONFormat.appendBinary(bytes, to: output)
        case .date(let seconds, let nanoseconds):
            ExtendedJSONFormat.appendDate(seconds: seconds, nanoseconds: nanoseconds, to: output)
        case .decimal128(let low, let high):
            output.append("{\"$numberDecimal\":\"")
            output.append(utf8: StoredDecimal128(low: low, high: high).scientificText)
            output.append("\"}")
        case .objectId(let leading, let trailing):
            output.append("{\"$oid\":\"")
            IdentifierFormat.append(StoredObjectId(leading: leading, trailing: trailing), to: output)
            output.append("\"}")
        case .uuid(let uuid):
            output.append("{\"$binary\":{\"base64\":\"")
            IdentifierFormat.appendBase64(uuid, to: output)
            output.append("\",\"subType\":\"04\"}}")
        case .link(let reference):
            if let primaryKey = primaryKeys[reference.className]?[reference.key],
                let target = classes[reference.className],
                let keyField = target.fields.first(where: { $0.name == target.primaryKey })
            {
                write(primaryKey, as: keyField, to: output)
            } else {
                ExtendedJSONFormat.appendInt(reference.key, to: output)
            }
        case .list(let items), .set(let items):
            output.append(0x5B)
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(0x2C) }
                write(item, as: field, to: output)
            }
            output.append(0x5D)
        case .dictionary(let entries):
            if field.type == .embedded, let embedded = field.targetClass.flatMap({ classes[$0] }),
                entries.map(\.key) == embedded.fields.map(\.name)
            {
                writeFields(embedded.fields, values: entries.map(\.value), to: output)
                return
            }
            output.append(0x7B)
            for (index, entry) in entries.enumerated() {
                if index > 0 { output.append(0x2C) }
                StringFormat.appendStrictQuoted(entry.key, to: output)
                output.append(0x3A)
                write(entry.value, as: field, to: output)
            }
            output.append(0x7D)
        }
    }
}
