import Foundation

/// `--encryption-key HEX`: the 64-byte key of an encrypted Realm file, written as 128 hexadecimal digits.
/// Every `carryover realm …` command accepts it.
enum EncryptionKeyOption {
    /// The option, `nil` when absent; a usage error unless exactly 128 hexadecimal digits (an optional `0x` prefix
    /// allowed).
    static let option = Option<Data?>(
        "--encryption-key", "HEX", "The 64-byte encryption key of an encrypted Realm file, as 128 hexadecimal digits.",
        absence: .defaultValue(nil)
    ) { try parse($0) }

    /// Decodes 128 hexadecimal digits (upper or lower case, optional `0x` prefix) into 64 bytes.
    static func parse(_ text: String) throws -> Data {
        let name = option.spec.name
        let digits = Array(text.hasPrefix("0x") || text.hasPrefix("0X") ? text.dropFirst(2) : Substring(text))
        var values: [UInt8] = []
        for (position, digit) in digits.enumerated() {
            guard digit.isASCII, let value = digit.hexDigitValue else {
                throw UsageError(
                    "'\(name)' must be hexadecimal digits only; found '\(digit)' at position \(position + 1).")
            }
            values.append(UInt8(value))
        }
        guard values.count == 2 * 64 else {
            throw UsageError("'\(name)' must be 128 hexadecimal digits (a 64-byte key); got \(values.count) digits.")
        }
        return Data(stride(from: 0, to: values.count, by: 2).map { values[$0] << 4 | values[$0 + 1] })
    }
}
