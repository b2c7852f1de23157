import RealmFile

/// Prints a `StoredTimestamp` the way realm-core v20's `Timestamp::to_string` does:
/// `YYYY-MM-DD HH:MM:SS`, plus `.nnnnnnnnn` when the nanosecond part is not zero.
///
/// The engine's arithmetic is reproduced step by step (Fliegel–Van Flandern Julian-day conversion, a
/// four-digit year field that keeps only the low digits, wrapping integer arithmetic), so every stored
/// value, however unusual, prints as the engine prints it.
public enum EngineTimestampFormat {
    private static let secondsPerDay: Int64 = 86_400
    private static let unixEpochJulianDay: Int64 = 2_440_588

    /// Appends `timestamp` in the engine's text form (without quotes).
    public static func append(_ timestamp: StoredTimestamp, to output: OutputBuffer) {
        var seconds = timestamp.seconds
        var nanoseconds = timestamp.nanoseconds
        if nanoseconds < 0 {
            nanoseconds &+= 1_000_000_000
            seconds &-= 1
        }
        let days = seconds / secondsPerDay
        var julianDay = Int32(truncatingIfNeeded: days &+ unixEpochJulianDay)
        var secondOfDay = Int32(truncatingIfNeeded: seconds &- days &* secondsPerDay)
        if secondOfDay < 0 {
            secondOfDay &+= 86_400
            julianDay &-= 1
        }
        let hours = secondOfDay / 3600
        let minutes = (secondOfDay &- hours &* 3600) / 60
        let secs = secondOfDay &- hours &* 3600 &- minutes &* 60
        let (year, month, day) = civilDate(julianDay: julianDay)

        var year32 = year
        if year32 < 0 {
            output.append(0x2D)
            year32 = 0 &- year32
        }
        // "YYYY-MM-DD HH:MM:SS" and ".nnnnnnnnn": at most 29 bytes, written in place.
        let pointer = output.reserve(29)
        writeField(UInt32(bitPattern: year32), width: 4, at: pointer)
        pointer[4] = 0x2D
        writeField(UInt32(bitPattern: month), width: 2, at: pointer + 5)
        pointer[7] = 0x2D
        writeField(UInt32(bitPattern: day), width: 2, at: pointer + 8)
        pointer[10] = 0x20
        writeField(UInt32(bitPattern: hours), width: 2, at: pointer + 11)
        pointer[13] = 0x3A
        writeField(UInt32(bitPattern: minutes), width: 2, at: pointer + 14)
        pointer[16] = 0x3A
        writeField(UInt32(bitPattern: secs), width: 2, at: pointer + 17)
        guard nanoseconds != 0 else {
            output.commit(19)
            return
        }
        guard nanoseconds > 0, nanoseconds < 1_000_000_000 else {
            // Out of the range the file format allows (the reader refuses such values): as the engine prints it.
            output.commit(19)
            output.append(0x2E)
            appendZeroPadded(nanoseconds, width: 9, to: output)
            return
        }
        // `%09d`, written in place.
        pointer[19] = 0x2E
        var remaining = UInt32(bitPattern: nanoseconds)
        for position in stride(from: 28, through: 20, by: -1) {
            pointer[position] = UInt8(truncatingIfNeeded: remaining % 10) &+ 0x30
            remaining /= 10
        }
        output.commit(29)
    }

    /// Milliseconds since 1970 as the engine's XJSON printer computes them (`seconds * 1000 + nanos / 1e6`,
    /// truncating toward zero).
    public static func milliseconds(_ timestamp: StoredTimestamp) -> Int64 {
        timestamp.seconds &* 1000 &+ Int64(timestamp.nanoseconds / 1_000_000)
    }

    /// The engine's Julian-day → civil-date conversion, in its unsigned 64-bit arithmetic.
    private static func civilDate(julianDay: Int32) -> (year: Int32, month: Int32, day: Int32) {
        var l = UInt64(bitPattern: Int64(julianDay &+ 68_569))
        let n = (4 &* l) / 146_097
        l = l &- (146_097 &* n &+ 3) / 4
        let i = (4000 &* (l &+ 1)) / 1_461_001
        l = l &- (1461 &* i) / 4 &+ 31
        let j = (80 &* l) / 2447
        let day = Int32(truncatingIfNeeded: l &- (2447 &* j) / 80)
        l = j / 11
        let month = Int32(truncatingIfNeeded: j &+ 2 &- 12 &* l)
        let year = Int32(truncatingIfNeeded: 100 &* (n &- 49) &+ i &+ l)
        return (year, month, day)
    }

    /// The engine's fixed-width field printer: exactly `width` digits at `pointer`, low digits kept, using its
    /// multiply-and-shift division by ten.
    @inline(__always)
    private static func writeField(_ value: UInt32, width: Int, at pointer: UnsafeMutablePointer<UInt8>) {
        var value = value
        var position = width
        while position > 0 {
            position &-= 1
            let tenth = (value &* 6554) >> 16
            pointer[position] = UInt8(truncatingIfNeeded: value &- tenth &* 10) &+ 0x30
            value = tenth
        }
    }

    /// `printf("%0<width>d")`: a minus sign counts toward the width.
    private static func appendZeroPadded(_ value: Int32, width: Int, to output: OutputBuffer) {
        var digits = 1
        var magnitude = value.magnitude
        while magnitude >= 10 {
            magnitude /= 10
            digits &+= 1
        }
        let signWidth = value < 0 ? 1 : 0
        if value < 0 { output.append(0x2D) }
        var padding = width &- signWidth &- digits
        while padding > 0 {
            output.append(0x30)
            padding &-= 1
        }
        output.append(decimal: Int64(value.magnitude))
    }
}
