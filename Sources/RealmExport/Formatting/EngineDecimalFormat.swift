import RealmFile

/// Prints a `StoredDecimal128` the way realm-core v20's `Decimal128::to_string` does.
///
/// When the coefficient fits in the low 64 bits the engine prints it itself: an optional `-`, `NaN` or `Inf`
/// for specials, otherwise the coefficient's digits with the decimal point moved left once per unit of
/// exponent (while more than one digit remains) and any remaining exponent as `E<n>` (`1E-1`, `42.00`,
/// `1.23456789E-16`, `1E6000`). Otherwise it defers to Intel's `bid128_to_string`: a sign, the coefficient
/// (`0` when non-canonical), `E`, a signed exponent (`+3141592653589793238462643383279503E-33`).
public enum EngineDecimalFormat {
    private static let coefficientHighMask: UInt64 = (1 << 49) &- 1
    private static let exponentMask: UInt64 = 0x7FFE_0000_0000_0000
    private static let exponentBias = 6176

    /// Appends `value` in the engine's text form (without quotes).
    public static func append(_ value: StoredDecimal128, to output: OutputBuffer) {
        let high = value.high
        let negative = high >> 63 == 1
        if high & coefficientHighMask != 0 {
            appendIntelForm(value, to: output)
            return
        }
        if negative { output.append(0x2D) }
        if high & 0x7800_0000_0000_0000 == 0x7800_0000_0000_0000 {
            output.append(high & 0x7C00_0000_0000_0000 == 0x7C00_0000_0000_0000 ? "NaN" : "Inf")
            return
        }
        var exponent = Int((high & exponentMask) >> 49) &- exponentBias
        var digits: [UInt8] = []
        appendDigits(of: value.low, to: &digits)
        var before = digits.count
        while before > 1 && exponent != 0 {
            before &-= 1
            exponent &+= 1
        }
        output.append(digits[0..<before])
        if before < digits.count {
            output.append(0x2E)
            output.append(digits[before...])
        }
        if exponent != 0 {
            output.append(0x45)
            output.append(decimal: Int64(exponent))
        }
    }

    private static func appendIntelForm(_ value: StoredDecimal128, to output: OutputBuffer) {
        let high = value.high
        let negative = high >> 63 == 1
        if high & 0x7800_0000_0000_0000 == 0x7800_0000_0000_0000 {
            output.append(negative ? 0x2D : 0x2B)
            if high & 0x7C00_0000_0000_0000 == 0x7C00_0000_0000_0000 {
                output.append(high & 0x7E00_0000_0000_0000 == 0x7E00_0000_0000_0000 ? "SNaN" : "NaN")
            } else {
                output.append("Inf")
            }
            return
        }
        let largeForm = high & 0x6000_0000_0000_0000 == 0x6000_0000_0000_0000
        let biased = largeForm ? (high << 2) & exponentMask : high & exponentMask
        var exponent = Int(biased >> 49) &- exponentBias
        let coefficientHigh = high & coefficientHighMask
        output.append(negative ? 0x2D : 0x2B)
        let nonCanonical =
            coefficientHigh > 0x0001_ED09_BEAD_87C0
            || (coefficientHigh == 0x0001_ED09_BEAD_87C0 && value.low > 0x378D_8E63_FFFF_FFFF) || largeForm
        if nonCanonical {
            output.append(0x30)
        } else {
            var digits: [UInt8] = []
            appendDigits(high: coefficientHigh, low: value.low, to: &digits)
            output.append(digits[...])
        }
        output.append(0x45)
        if exponent < 0 {
            exponent = -exponent
            output.append(0x2D)
        } else {
            output.append(0x2B)
        }
        // Intel's exponent printer: thousands digit from a reciprocal multiply, then up to three digits.
        let thousands = (exponent &* 0x418A) >> 24
        let rest = exponent &- 1000 &* thousands
        if thousands != 0 {
            output.append(UInt8(truncatingIfNeeded: thousands &+ 0x30))
            appendPadded(rest, width: 3, to: output)
        } else {
            output.append(decimal: Int64(rest))
        }
    }

    private static func appendPadded(_ value: Int, width: Int, to output: OutputBuffer) {
        var divisor = 1
        for _ in 1..<width { divisor &*= 10 }
        var remaining = value
        while divisor > 0 {
            output.append(UInt8(truncatingIfNeeded: (remaining / divisor) % 10) &+ 0x30)
            remaining %= divisor
            divisor /= 10
        }
    }

    /// ASCII digits of an unsigned 64-bit number.
    private static func appendDigits(of value: UInt64, to digits: inout [UInt8]) {
        var value = value
        let start = digits.count
        repeat {
            digits.append(UInt8(truncatingIfNeeded: value % 10) &+ 0x30)
            value /= 10
        } while value != 0
        digits[start...].reverse()
    }

    /// ASCII digits of the 128-bit number `high`·2⁶⁴ + `low`.
    private static func appendDigits(high: UInt64, low: UInt64, to digits: inout [UInt8]) {
        var high = high
        var low = low
        let start = digits.count
        repeat {
            // Divide the 128-bit value by 10, keeping the remainder.
            let (highQuotient, highRemainder) = high.quotientAndRemainder(dividingBy: 10)
            let (lowQuotient, remainder) = (10 as UInt64).dividingFullWidth((highRemainder, low))
            high = highQuotient
            low = lowQuotient
            digits.append(UInt8(truncatingIfNeeded: remainder) &+ 0x30)
        } while high != 0 || low != 0
        digits[start...].reverse()
    }
}

extension OutputBuffer {
    /// Appends a slice of ASCII bytes.
    func append(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { append($0) }
    }
}
