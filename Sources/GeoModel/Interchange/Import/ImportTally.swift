import Foundation

/// Counts, from any thread, what an import filled in because a file did not say it
/// (the caches whose creator became the file's author or "unknown") and what it left
/// out because a file said it wrongly (a rating that is not 1 to 5 in halves, a log
/// id given twice in one record).
///
/// An ``ImportInterruption`` carries one, so the stores' import (which the counting
/// does not pass through) needs no new parameter; ``ImportReport/include(_:)`` copies
/// the counts into the summary.
public final class ImportTally: @unchecked Sendable {
    private let lock = NSLock()
    private var unknown = 0
    private var author = 0
    private var unreadRatings: [String] = []
    private var unreadStatuses: [String] = []
    private var repeatedLogIDs: [String] = []

    /// A tally at zero.
    public init() {}

    /// Caches read without an owner whose creator became "unknown".
    public var unknownCreators: Int { lock.withLock { unknown } }
    /// Caches read without an owner whose creator became the file's author.
    public var authorCreators: Int { lock.withLock { author } }

    /// The codes (or titles) of the caches stored without a difficulty or terrain their
    /// file gave, because it was not 1 to 5 in halves, in the order they were read.
    public var unreadRatingCaches: [String] { lock.withLock { unreadRatings } }

    func countUnreadRating(of cache: GeoCache) {
        lock.withLock { unreadRatings.append(cache.code ?? cache.title) }
    }

    /// The codes (or titles) of the caches whose file gave `available` or `archived` as
    /// neither true nor false, in the order they were read.
    public var unreadStatusCaches: [String] { lock.withLock { unreadStatuses } }

    func countUnreadStatus(of cache: GeoCache) {
        lock.withLock { unreadStatuses.append(cache.code ?? cache.title) }
    }

    /// The codes (or titles) of the caches whose record gave two logs one id, kept as
    /// one log (``CacheLog/onePerID(_:)``), in the order they were read.
    public var repeatedLogIDCaches: [String] { lock.withLock { repeatedLogIDs } }

    func countRepeatedLogID(of cache: GeoCache) {
        lock.withLock { repeatedLogIDs.append(cache.code ?? cache.title) }
    }

    func count(_ fallback: CreatorFallback) {
        lock.withLock {
            switch fallback {
            case .unknown: unknown += 1
            case .fileAuthor: author += 1
            }
        }
    }
}
