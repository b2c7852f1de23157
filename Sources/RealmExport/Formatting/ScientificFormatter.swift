/// Prints floating-point numbers the way the Realm engine's JSON printer does: C++ `std::scientific` with
/// `digits10 + 1` fraction digits, i.e. glibc's `printf("%.16e")` for doubles and `printf("%.7e")` for floats
/// (a float is widened to double first). The digits are the exact binary value rounded half-to-even, so the
/// output matches the engine byte for byte; NaN and infinities print as `nan`, `-nan`, `inf`, `-inf`.
///
/// Keeps its scratch space between calls; one instance per writer.
public final class ScientificFormatter {
    private var expansion = ExactDecimalDigits()
    private var rounded: [UInt8] = []

    public init() {}

    /// Appends a double with 16 fraction digits (17 significant), e.g. `1.0000000000000000e+00`.
    @inline(__always)
    public func append(_ value: Double, to output: OutputBuffer) {
        append(value, fractionDigits: 16, to: output)
    }

    /// Appends a float with 7 fraction digits (8 significant), e.g. `1.1754944e-38`.
    @inline(__always)
    public func append(_ value: Float, to output: OutputBuffer) {
        append(Double(value), fractionDigits: 7, to: output)
    }

    /// Appends `value` as `printf("%.<fractionDigits>e")` prints it.
    public func append(_ value: Double, fractionDigits: Int, to output: OutputBuffer) {
        let bits = value.bitPattern
        let negative = bits >> 63 == 1
        let biasedExponent = Int((bits >> 52) & 0x7FF)
        let fraction = bits & ((1 << 52) &- 1)
        if biasedExponent == 0x7FF {
            if fraction != 0 {
                output.append(negative ? "-nan" : "nan")
            } else {
                output.append(negative ? "-inf" : "inf")
            }
            return
        }
        if negative { output.append(0x2D) }
        let significant = fractionDigits &+ 1
        rounded.removeAll(keepingCapacity: true)
        var decimalExponent = 0
        if biasedExponent == 0 && fraction == 0 {
            rounded.append(contentsOf: repeatElement(0, count: significant))
        } else {
            let mantissa = biasedExponent == 0 ? fraction : fraction | (1 << 52)
            let binaryExponent = (biasedExponent == 0 ? 1 : biasedExponent) &- 1075
            expansion.expand(mantissa: mantissa, binaryExponent: binaryExponent)
            decimalExponent = expansion.digits.count &- 1 &+ expansion.exponent
            decimalExponent &+= round(expansion.digits, to: significant)
        }
        writeDigits(fractionDigits: fractionDigits, exponent: decimalExponent, to: output)
    }

    /// `printf("%.<significant>g")`: `significant` digits, scientific notation only for exponents below -4 or
    /// from `significant` up, trailing zeros dropped (`480161499.125`, `1e+300`).
    public func generalText(_ value: Double, significant: Int = 17) -> String {
        let destination = MemoryDestination()
        let output = OutputBuffer(destination: destination, capacity: 64)
        append(value, fractionDigits: significant - 1, to: output)
        try? output.flush()
        guard value.isFinite else { return String(decoding: destination.bytes, as: UTF8.self) }
        let negative = value.sign == .minus
        var digits = rounded
        var exponent = 0
        if let e = destination.bytes.lastIndex(of: 0x65) {
            exponent = Int(String(decoding: destination.bytes[(e + 1)...], as: UTF8.self)) ?? 0
        }
        while digits.count > 1, digits.last == 0 { digits.removeLast() }
        var text = negative ? "-" : ""
        let characters = digits.map { Character(Unicode.Scalar($0 + 0x30)) }
        if exponent < -4 || exponent >= significant {
            text.append(characters[0])
            if characters.count > 1 { text += "." + String(characters[1...]) }
            text += exponent < 0 ? "e-" : "e+"
            text += exponent.magnitude < 10 ? "0\(exponent.magnitude)" : "\(exponent.magnitude)"
        } else if exponent < 0 {
            text += "0." + String(repeating: "0", count: -exponent - 1) + String(characters)
        } else if characters.count > exponent + 1 {
            text += String(characters[...exponent]) + "." + String(characters[(exponent + 1)...])
        } else {
            text += String(characters) + String(repeating: "0", count: exponent + 1 - characters.count)
        }
        return text
    }

    /// Fills `rounded` with the first `significant` digits of `digits`, rounded half-to-even;
    /// returns 1 when rounding carried into a new leading digit, else 0.
    private func round(_ digits: [UInt8], to significant: Int) -> Int {
        if digits.count <= significant {
            rounded.append(contentsOf: digits)
            rounded.append(contentsOf: repeatElement(0, count: significant &- digits.count))
            return 0
        }
        rounded.append(contentsOf: digits[0..<significant])
        let next = digits[significant]
        var roundUp = next > 5
        if next == 5 {
            var remainderIsZero = true
            var index = significant &+ 1
            while index < digits.count {
                if digits[index] != 0 {
                    remainderIsZero = false
                    break
                }
                index &+= 1
            }
            roundUp = !remainderIsZero || rounded[significant &- 1] & 1 == 1
        }
        guard roundUp else { return 0 }
        var index = significant &- 1
        while index >= 0 {
            if rounded[index] == 9 {
                rounded[index] = 0
                index &-= 1
            } else {
                rounded[index] &+= 1
                return 0
            }
        }
        rounded[0] = 1
        return 1
    }

    private func writeDigits(fractionDigits: Int, exponent: Int, to output: OutputBuffer) {
        output.append(rounded[0] &+ 0x30)
        if fractionDigits > 0 {
            output.append(0x2E)
            var index = 1
            while index < rounded.count {
                output.append(rounded[index] &+ 0x30)
                index &+= 1
            }
        }
        output.append(0x65)
        output.append(exponent < 0 ? 0x2D : 0x2B)
        let magnitude = exponent.magnitude
        if magnitude < 10 { output.append(0x30) }
        output.append(decimal: Int64(magnitude))
    }
}
