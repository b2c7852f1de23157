import Foundation
import RealmFile

/// Lower-case hexadecimal forms of ObjectId and UUID.
public enum IdentifierFormat {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends the 24 hex digits of an ObjectId.
    public static func append(_ id: StoredObjectId, to output: OutputBuffer) {
        appendHex(id.leading, byteCount: 8, to: output)
        appendHex(UInt64(id.trailing), byteCount: 4, to: output)
    }

    /// Appends a UUID as `8-4-4-4-12` lower-case hex digits.
    public static func append(_ uuid: UUID, to output: OutputBuffer) {
        let bytes = uuid.uuid
        withUnsafeBytes(of: bytes) { raw in
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 { output.append(0x2D) }
                output.append(hexDigits[Int(raw[index] >> 4)])
                output.append(hexDigits[Int(raw[index] & 0xF)])
            }
        }
    }

    /// Appends the base64 text of a UUID's 16 bytes.
    public static func appendBase64(_ uuid: UUID, to output: OutputBuffer) {
        let bytes = uuid.uuid
        withUnsafeBytes(of: bytes) { Base64Format.append($0, to: output) }
    }

    private static func appendHex(_ value: UInt64, byteCount: Int, to output: OutputBuffer) {
        var shift = byteCount &* 8
        while shift > 0 {
            shift &-= 4
            output.append(hexDigits[Int((value >> UInt64(shift)) & 0xF)])
        }
    }
}
