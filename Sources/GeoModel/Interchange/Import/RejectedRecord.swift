/// A record that was read but cannot become a cache, and why.
public struct RejectedRecord: Equatable, Sendable, CustomStringConvertible {
    /// Where the record is.
    public let location: RecordLocation
    /// Why it was rejected: a missing key, a wrong type, or the fields that are empty.
    public let reason: String

    /// Pairs a location with a reason.
    public init(location: RecordLocation, reason: String) {
        self.location = location
        self.reason = reason
    }

    /// `LOCATION: REASON`.
    public var description: String { "\(location): \(reason)" }
}
