/// Prints floating-point numbers the way the Realm engine's JSON printer does: C++ `std::scientific` with
/// `digits10 + 1` fraction digits, i.e. glibc's `printf("%.16e")` for doubles and `printf("%.7e")` for floats
/// (a float is widened to double first). The digits are the exact binary value rounded half-to-even, so the
/// output matches the engine byte for byte; NaN and infinities print as `nan`, `-nan`, `inf`, `-inf`.
///
/// Keeps its scratch space between calls; one instance per writer.
public final class ScientificFormatter {
    /// Room for every digit of the exact expansion of any double (at most 767 significant digits).
    private static let scratchCapacity = 800
    private let digits: UnsafeMutablePointer<UInt8>
    private let powersOfFive: [UInt64]
    private let expansion = ExactDecimalDigits()

    public init() {
        digits = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.scratchCapacity)
        var powers: [UInt64] = [1]
        for _ in 1...27 { powers.append(powers[powers.count &- 1] &* 5) }
        powersOfFive = powers
    }

    deinit { digits.deallocate() }

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

    /// Appends `value` as `printf("%.<fractionDigits>e")` prints it (`fractionDigits` at most 40).
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
        let fractionDigits = min(max(fractionDigits, 0), 40)
        let significant = fractionDigits &+ 1
        var exponent = 0
        if biasedExponent == 0 && fraction == 0 {
            digits.update(repeating: 0, count: significant)
        } else {
            let mantissa = biasedExponent == 0 ? fraction : fraction | (1 << 52)
            let (count, scale) = expand(
                mantissa: mantissa, binaryExponent: (biasedExponent == 0 ? 1 : biasedExponent) &- 1075)
            exponent = count &- 1 &+ scale &+ round(count: count, to: significant)
        }
        let pointer = output.reserve(significant &+ 8)
        var length = 0
        if negative {
            pointer[0] = 0x2D
            length = 1
        }
        pointer[length] = digits[0] &+ 0x30
        length &+= 1
        if fractionDigits > 0 {
            pointer[length] = 0x2E
            length &+= 1
            for index in 1..<significant {
                pointer[length] = digits[index] &+ 0x30
                length &+= 1
            }
        }
        pointer[length] = 0x65
        pointer[length &+ 1] = exponent < 0 ? 0x2D : 0x2B
        length &+= 2
        let magnitude = exponent.magnitude
        if magnitude >= 100 {
            pointer[length] = UInt8(truncatingIfNeeded: magnitude / 100) &+ 0x30
            length &+= 1
        }
        pointer[length] = UInt8(truncatingIfNeeded: (magnitude / 10) % 10) &+ 0x30
        pointer[length &+ 1] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 0x30
        output.commit(length &+ 2)
    }

    /// Writes the exact decimal digits of `mantissa`·2^`binaryExponent` to `digits`; returns their count and the
    /// power of ten they are scaled by.
    private func expand(mantissa: UInt64, binaryExponent: Int) -> (count: Int, scale: Int) {
        let zeros = mantissa.trailingZeroBitCount
        let mantissa = mantissa >> UInt64(zeros)
        let binaryExponent = binaryExponent &+ zeros
        if binaryExponent >= 0, binaryExponent < mantissa.leadingZeroBitCount {
            return (writeDigits(of: mantissa << UInt64(binaryExponent)), 0)
        }
        if binaryExponent < 0, -binaryExponent < powersOfFive.count {
            let (product, overflow) = mantissa.multipliedReportingOverflow(by: powersOfFive[-binaryExponent])
            if !overflow { return (writeDigits(of: product), binaryExponent) }
        }
        expansion.expand(mantissa: mantissa, binaryExponent: binaryExponent)
        let count = min(expansion.digits.count, Self.scratchCapacity)
        for index in 0..<count { digits[index] = expansion.digits[index] }
        return (count, expansion.exponent)
    }

    private func writeDigits(of value: UInt64) -> Int {
        var value = value
        var count = 0
        repeat {
            let (quotient, remainder) = value.quotientAndRemainder(dividingBy: 10)
            digits[count] = UInt8(truncatingIfNeeded: remainder)
            count &+= 1
            value = quotient
        } while value != 0
        var low = 0
        var high = count &- 1
        while low < high {
            let swap = digits[low]
            digits[low] = digits[high]
            digits[high] = swap
            low &+= 1
            high &-= 1
        }
        return count
    }

    /// Rounds the `count` digits in `digits` to `significant` digits, half to even, padding with zeros;
    /// returns 1 when rounding carried into a new leading digit, else 0.
    private func round(count: Int, to significant: Int) -> Int {
        if count <= significant {
            for index in count..<significant { digits[index] = 0 }
            return 0
        }
        let next = digits[significant]
        var roundUp = next > 5
        if next == 5 {
            var remainderIsZero = true
            var index = significant &+ 1
            while index < count {
                if digits[index] != 0 {
                    remainderIsZero = false
                    break
                }
                index &+= 1
            }
            roundUp = !remainderIsZero || digits[significant &- 1] & 1 == 1
        }
        guard roundUp else { return 0 }
        var index = significant &- 1
        while index >= 0 {
            if digits[index] == 9 {
                digits[index] = 0
                index &-= 1
            } else {
                digits[index] &+= 1
                return 0
            }
        }
        digits[0] = 1
        return 1
    }

    /// `printf("%.<significant>g")`: `significant` digits, scientific notation only for exponents below -4 or
    /// from `significant` up, trailing zeros dropped (`480161499.125`, `1e+300`).
    public func generalText(_ value: Double, significant: Int = 17) -> String {
        let destination = MemoryDestination()
        let output = OutputBuffer(destination: destination, capacity: 64)
        append(value, fractionDigits: significant - 1, to: output)
        try? output.flush()
        guard value.isFinite else { return String(decoding: destination.bytes, as: UTF8.self) }
        var characters = destination.bytes.filter { (0x30...0x39).contains($0) }
        var exponent = 0
        if let e = destination.bytes.lastIndex(of: 0x65) {
            exponent = Int(String(decoding: destination.bytes[(e + 1)...], as: UTF8.self)) ?? 0
            let exponentDigits = destination.bytes.count - e - 2
            characters.removeLast(exponentDigits)
        }
        while characters.count > 1, characters.last == 0x30 { characters.removeLast() }
        let digitText = String(decoding: characters, as: UTF8.self)
        var text = value.sign == .minus ? "-" : ""
        if exponent < -4 || exponent >= significant {
            text += String(digitText.prefix(1))
            if characters.count > 1 { text += "." + String(digitText.dropFirst()) }
            text += (exponent < 0 ? "e-" : "e+") + (exponent.magnitude < 10 ? "0" : "") + String(exponent.magnitude)
        } else if exponent < 0 {
            text += "0." + String(repeating: "0", count: -exponent - 1) + digitText
        } else if characters.count > exponent + 1 {
            text += String(digitText.prefix(exponent + 1)) + "." + String(digitText.dropFirst(exponent + 1))
        } else {
            text += digitText + String(repeating: "0", count: exponent + 1 - characters.count)
        }
        return text
    }
}
