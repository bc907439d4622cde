import Foundation

/// Who a cache on a club store belongs to: a member (the PostgreSQL role that added it)
/// or the club itself (a cache that came in from a pocket query or another file, or
/// one stored before the club had rules). Only its owner and the club's keepers may
/// change it; ``ClubStanding/refusal(toChange:)`` says who may.
public enum CacheOwner: Hashable, Sendable {
    /// The club's: changed by hand by keepers only, refreshed by any member's import.
    case club
    /// A member's, by role name.
    case member(String)

    /// The word `edit --owner` takes for the club (any other word names a role).
    public static let clubWord = "club"

    /// The longest role name PostgreSQL keeps, in bytes (`NAMEDATALEN` 64, less its end):
    /// a longer one is cut there without a word, and would name another role.
    public static let longestRole = 63

    /// Reads `edit --owner`'s value: ``clubWord`` is the club, anything else a role.
    public init(argument: String) {
        self = argument == Self.clubWord ? .club : .member(argument)
    }

    /// The role name, nil for the club.
    public var role: String? {
        if case .member(let role) = self { return role }
        return nil
    }
}

/// What a club store records of a cache beside its listing: whose it is, and who
/// changed it last and when (set by the server, never by a client).
public struct ClubRecord: Hashable, Sendable {
    /// Whose the cache is.
    public let owner: CacheOwner
    /// The role that added it or last changed it; nil for a cache stored before the
    /// club store kept a record.
    public let changedBy: String?
    /// When that was; nil as for ``changedBy``.
    public let changedAt: Date?

    public init(owner: CacheOwner, changedBy: String?, changedAt: Date?) {
        self.owner = owner
        self.changedBy = changedBy
        self.changedAt = changedAt
    }
}
