extension StoredDecimal128 {
    /// The value in the IEEE 754 to-scientific-string form that MongoDB's `$numberDecimal` uses (`0.1`, `42.00`,
    /// `1E+6000`, `-9.999…E+6144`, `NaN`, `Infinity`): every stored digit and the exponent, so it reads back to the
    /// same coefficient and exponent.
    public var scientificText: String {
        guard let parts = finiteParts else {
            if high & 0x7C00_0000_0000_0000 == 0x7C00_0000_0000_0000 { return "NaN" }
            return high >> 63 == 1 ? "-Infinity" : "Infinity"
        }
        let digits = Array(parts.digits.utf8)
        let exponent = parts.exponent
        var text = parts.isNegative ? "-" : ""
        let adjusted = exponent + digits.count - 1
        if exponent <= 0 && adjusted >= -6 {
            if exponent == 0 {
                text += parts.digits
            } else if digits.count > -exponent {
                let split = digits.count + exponent
                text += String(decoding: digits[..<split], as: UTF8.self) + "."
                text += String(decoding: digits[split...], as: UTF8.self)
            } else {
                text += "0." + String(repeating: "0", count: -exponent - digits.count) + parts.digits
            }
        } else {
            text += String(decoding: digits[..<1], as: UTF8.self)
            if digits.count > 1 { text += "." + String(decoding: digits[1...], as: UTF8.self) }
            text += "E" + (adjusted >= 0 ? "+" : "-") + String(adjusted.magnitude)
        }
        return text
    }
}

extension StoredDecimal128 {
    /// The decimal that `text` spells in the form ``scientificText`` writes (and plain decimals: `-12.5`, `3e-7`),
    /// or `nil` when it is not one. A finite value is encoded canonically (``init(isNegative:digits:exponent:)``).
    public init?(scientificText text: String) {
        var bytes = Substring(text).utf8[...]
        let isNegative = bytes.first == UInt8(ascii: "-")
        if isNegative || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        switch String(Substring(bytes)) {
        case "NaN":
            self.init(low: 0, high: 0x7C00_0000_0000_0000)
            return
        case "Infinity", "Inf":
            self.init(low: 0, high: (isNegative ? 1 << 63 : 0) | 0x7800_0000_0000_0000)
            return
        default: break
        }
        var digits = ""
        var exponent = 0
        var seenPoint = false
        while let byte = bytes.first, byte != UInt8(ascii: "E"), byte != UInt8(ascii: "e") {
            bytes = bytes.dropFirst()
            if byte == UInt8(ascii: ".") {
                guard !seenPoint else { return nil }
                seenPoint = true
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                digits.unicodeScalars.append(Unicode.Scalar(byte))
                if seenPoint { exponent -= 1 }
            } else {
                return nil
            }
        }
        guard !digits.isEmpty else { return nil }
        if !bytes.isEmpty {
            bytes = bytes.dropFirst()
            guard let written = Int(String(Substring(bytes))), (-100_000...100_000).contains(written) else {
                return nil
            }
            exponent += written
        }
        let significant = String(digits.drop { $0 == "0" })
        self.init(isNegative: isNegative, digits: significant.isEmpty ? "0" : significant, exponent: exponent)
    }
}
