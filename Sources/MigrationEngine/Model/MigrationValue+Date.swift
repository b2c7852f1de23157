import Foundation

extension MigrationValue {
    /// The point in time `date` stands for, to the nearest nanosecond, the nanoseconds with the sign of the seconds
    /// as Realm keeps them.
    public init(date: Date) {
        let interval = date.timeIntervalSince1970
        let whole = interval.rounded(.down)
        var seconds = Int64(exactly: whole) ?? (whole < 0 ? Int64.min : Int64.max)
        var nanoseconds = Int32(((interval - whole) * 1e9).rounded())
        if nanoseconds == 1_000_000_000 {
            seconds &+= 1
            nanoseconds = 0
        }
        if seconds < 0 && nanoseconds > 0 {
            seconds &+= 1
            nanoseconds -= 1_000_000_000
        }
        self = .date(seconds: seconds, nanoseconds: nanoseconds)
    }

    /// The `Date` of a `.date` value (a `Date` keeps about 100 ns of it); `nil` for any other value.
    public var dateValue: Date? {
        guard case .date(let seconds, let nanoseconds) = self else { return nil }
        return Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
    }
}
