import Foundation

/// What this machine keeps of a club store, said when the server answers as another
/// club database (``StoreError/anotherClub(server:kept:)``): the copy's size and date,
/// and how many changes wait in the outbox.
public struct ClubKept: Equatable, Sendable {
    /// How many caches the copy holds; nil when there is no copy.
    public let copyCaches: Int?
    /// When the copy was refreshed; nil when there is no copy.
    public let copyRefreshedAt: Date?
    /// How many changes wait in the outbox (the finder's included).
    public let waiting: Int

    /// What this machine keeps: a copy of `copyCaches` refreshed at `copyRefreshedAt`
    /// (both nil: none) and `waiting` changes.
    public init(copyCaches: Int?, copyRefreshedAt: Date?, waiting: Int) {
        self.copyCaches = copyCaches
        self.copyRefreshedAt = copyRefreshedAt
        self.waiting = waiting
    }

    /// True when there is anything to lose: a copy, or a change waiting.
    public var holdsAnything: Bool { copyRefreshedAt != nil || waiting > 0 }
}

extension StoreError {
    /// True for ``anotherClub(server:kept:)``: the server answers, as another club.
    public var meansAnotherClub: Bool {
        if case .anotherClub = self { return true }
        return false
    }

    /// What ``anotherClub(server:kept:)`` says: which database answered, what this
    /// machine keeps from the club it followed, that nothing was sent there, and the
    /// two ways on.
    static func anotherClubText(server: String, kept: ClubKept?) -> String {
        guard let kept else {
            return "the club store at \(server) is now another club database than the one this session opened "
                + "(it was re-created, or another server answers on its host and port); nothing more was sent "
                + "there. Check the server, or run geocache-tui sync --adopt-club if that database is the club's now."
        }
        var parts: [String] = []
        if let caches = kept.copyCaches, let date = kept.copyRefreshedAt {
            parts.append("copy (\(caches) \(caches == 1 ? "cache" : "caches"), of \(Self.utcMinute(date)))")
        }
        if kept.waiting > 0 {
            let changes = "\(kept.waiting) kept \(kept.waiting == 1 ? "change" : "changes")"
            parts.append(parts.isEmpty ? changes : "its \(changes)")
        }
        let what = parts.isEmpty ? "files" : parts.joined(separator: " and ")
        return "the club store at \(server) is another club database than the one this machine's \(what) came "
            + "from (it was re-created, or another server answers on its host and port): nothing was delivered "
            + "there, and nothing kept here was changed. If that database is the club's now, run geocache-tui sync "
            + "--adopt-club (the kept changes stay waiting: sync --status lists them, sync --discard N gives one "
            + "up); else point --store at the club's own database."
    }

    /// `2026-11-30 14:02 UTC`: a date to the minute, in UTC.
    static func utcMinute(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date) + " UTC"
    }
}
