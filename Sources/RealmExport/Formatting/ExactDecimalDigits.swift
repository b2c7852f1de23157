/// The exact decimal expansion of a finite binary floating-point value, as a digit string and a power of ten:
/// value = digits × 10^`exponent`, by big-integer arithmetic. The slow path of `ScientificFormatter`, for
/// values whose digits do not fit in 64 bits.
final class ExactDecimalDigits {
    /// The decimal digits (0…9, most significant first, no leading zeros).
    var digits: [UInt8] = []
    /// The power of ten the digit string is scaled by.
    var exponent = 0

    private var limbs: [UInt32] = []
    private static let powersOfFive: [UInt64] = {
        var powers: [UInt64] = [1]
        for _ in 1...27 { powers.append(powers[powers.count &- 1] &* 5) }
        return powers
    }()

    /// Expands `mantissa` × 2^`binaryExponent` (`mantissa` > 0) exactly.
    func expand(mantissa: UInt64, binaryExponent: Int) {
        digits.removeAll(keepingCapacity: true)
        setLimbs(mantissa)
        if binaryExponent >= 0 {
            exponent = 0
            shiftLeft(by: binaryExponent)
        } else {
            exponent = binaryExponent
            var remaining = -binaryExponent
            while remaining > 0 {
                let step = min(remaining, 13)
                multiply(by: UInt32(truncatingIfNeeded: Self.powersOfFive[step]))
                remaining &-= step
            }
        }
        appendLimbDigits()
    }

    private func appendDigits(of value: UInt64) {
        var value = value
        let start = digits.count
        repeat {
            let (quotient, remainder) = value.quotientAndRemainder(dividingBy: 10)
            digits.append(UInt8(truncatingIfNeeded: remainder))
            value = quotient
        } while value != 0
        digits[start...].reverse()
    }

    private func setLimbs(_ value: UInt64) {
        limbs.removeAll(keepingCapacity: true)
        limbs.append(UInt32(truncatingIfNeeded: value))
        limbs.append(UInt32(truncatingIfNeeded: value >> 32))
        trim()
    }

    private func trim() {
        while let last = limbs.last, last == 0 { limbs.removeLast() }
    }

    private func shiftLeft(by bits: Int) {
        let whole = bits / 32
        let partial = UInt32(bits % 32)
        if partial > 0 {
            var carry: UInt32 = 0
            for index in limbs.indices {
                let limb = limbs[index]
                limbs[index] = (limb << partial) | carry
                carry = limb >> (32 &- partial)
            }
            if carry != 0 { limbs.append(carry) }
        }
        if whole > 0 { limbs.insert(contentsOf: repeatElement(0, count: whole), at: 0) }
    }

    private func multiply(by factor: UInt32) {
        var carry: UInt64 = 0
        for index in limbs.indices {
            let product = UInt64(limbs[index]) &* UInt64(factor) &+ carry
            limbs[index] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry != 0 { limbs.append(UInt32(truncatingIfNeeded: carry)) }
    }

    /// Divides the limbs by 10^9 in place and returns the remainder.
    private func divideByBillion() -> UInt32 {
        var remainder: UInt64 = 0
        var index = limbs.count &- 1
        while index >= 0 {
            let current = (remainder << 32) | UInt64(limbs[index])
            limbs[index] = UInt32(truncatingIfNeeded: current / 1_000_000_000)
            remainder = current % 1_000_000_000
            index &-= 1
        }
        trim()
        return UInt32(truncatingIfNeeded: remainder)
    }

    private func appendLimbDigits() {
        var chunks: [UInt32] = []
        while !limbs.isEmpty { chunks.append(divideByBillion()) }
        guard let leading = chunks.popLast() else {
            digits.append(0)
            return
        }
        appendDigits(of: UInt64(leading))
        for chunk in chunks.reversed() {
            var value = chunk
            var block = [UInt8](repeating: 0, count: 9)
            var position = 8
            while position >= 0 {
                block[position] = UInt8(truncatingIfNeeded: value % 10)
                value /= 10
                position &-= 1
            }
            digits.append(contentsOf: block)
        }
    }
}
