/// What the role a club store session logged in as may do there, read from the server
/// with the schema's check: the one place the program asks before a change, so that a
/// change the server would refuse is refused at once with whose the cache is. The
/// server enforces the same rules itself (`PostgresStore+ClubRules.swift`).
public struct ClubStanding: Equatable, Sendable {
    /// The role (PostgreSQL's `current_user`).
    public let role: String
    /// The club's group roles, nil while the club's rules are not set up (`club init`).
    public let rules: ClubRoles?
    /// Whether the role keeps the club: a keeper, or a role the rules do not bind.
    public let isKeeper: Bool
    /// Whether the club's rules do not bind the role at all: it owns the club's tables,
    /// is a superuser, or may bypass row-level security.
    public let passesRules: Bool
    /// Whether the role may create roles: it may set up the club's rules.
    public let mayCreateRoles: Bool
    /// Whether the role was told once that the rules do not bind it.
    public let wasTold: Bool
    /// The role that owns the club's tables.
    public let tablesOwner: String

    public init(role: String, rules: ClubRoles?, isKeeper: Bool, passesRules: Bool, mayCreateRoles: Bool,
                wasTold: Bool, tablesOwner: String) {
        self.role = role
        self.rules = rules
        self.isKeeper = isKeeper
        self.passesRules = passesRules
        self.mayCreateRoles = mayCreateRoles
        self.wasTold = wasTold
        self.tablesOwner = tablesOwner
    }

    /// Why this role may not change (edit or delete) a cache of `record`, or nil when
    /// it may: its own, or any for a keeper. A cache read without a record (a store
    /// that keeps none, a copy on this machine made before copies kept them, a cache
    /// added on this machine) is left to the server.
    public func refusal(toChange record: ClubRecord?) -> ChangeRefusal? {
        guard let record, !isKeeper else { return nil }
        switch record.owner {
        case .member(let owner) where owner == role: return nil
        case .member(let owner): return .ownedBy(owner)
        case .club: return .clubOwned
        }
    }

    /// Why this role may not hand caches over, or nil when it may (keepers only).
    public var handOverRefusal: ChangeRefusal? {
        isKeeper ? nil : .keepersHandOver
    }

    /// Whether this session sets the club's rules up as it connects: they are not set up
    /// and the role may create roles (the first connection of such a role).
    public var setUpDue: Bool {
        rules == nil && mayCreateRoles
    }

    /// Whether the program should say, once, that the club's rules do not bind this role.
    public var noteDue: Bool {
        rules != nil && passesRules && !wasTold
    }
}

/// The club's two group roles, named after the database (roles are shared by the
/// whole server, so two clubs on one server do not mix).
public struct ClubRoles: Equatable, Sendable {
    /// The role every member is in: `DB_member`.
    public let member: String
    /// The role keepers are in: `DB_keeper` (itself in the member role).
    public let keeper: String

    public init(member: String, keeper: String) {
        self.member = member
        self.keeper = keeper
    }

    /// The roles for the database `database`, or nil when a name would pass
    /// PostgreSQL's 63 bytes (it would cut it, and two clubs could meet).
    public init?(database: String) {
        let member = database + "_member", keeper = database + "_keeper"
        guard keeper.utf8.count <= Self.longestName, member.utf8.count <= Self.longestName else { return nil }
        self.init(member: member, keeper: keeper)
    }

    /// `name` as SQL spells it: as it is when it is a plain lower-case identifier,
    /// else in double quotes (a double quote doubled), for the statements the program
    /// shows an admin.
    public static func sqlName(_ name: String) -> String {
        let plain = name.utf8.first.map { $0 == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) } ?? false
            && name.utf8.allSatisfy { $0 == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        return plain ? name : "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The longest name PostgreSQL keeps whole (`NAMEDATALEN` - 1).
    public static let longestName = 63
}

/// Why a change of a club's cache is not this role's to make.
public enum ChangeRefusal: Equatable, Sendable, Error, CustomStringConvertible {
    /// The cache is another member's.
    case ownedBy(String)
    /// The cache is the club's: keepers change it by hand.
    case clubOwned
    /// Handing a cache over is a keeper's.
    case keepersHandOver
    /// A cache is handed to a role that is not one of the club's members.
    case notAMember(String)
    /// The member role the club was set up with is gone (its admin renamed or dropped
    /// it): no role is a member to hand a cache to, until `club init` makes it again.
    case memberRoleGone(String)
    /// The store keeps no owners: it is one person's (a file on this machine).
    case noOwners
}

extension ChangeRefusal {
    /// One sentence, the same in the form's status line and on a command's standard error.
    public var description: String {
        switch self {
        case .ownedBy(let owner): "Only \(owner) or a keeper can change this cache"
        case .clubOwned: "Only a keeper can change this cache: it is the club's"
        case .keepersHandOver: "Only a keeper can hand a cache to another member or to the club"
        case .notAMember(let role): "\(role) is not one of the club's members: a keeper hands caches to members or to the club"
        case .memberRoleGone(let role): "The club's member role \(role) is gone (renamed or dropped): no cache can be "
            + "handed to a member until the club's admin runs geocache-tui club init"
        case .noOwners: "A store on this machine is one person's: its caches have no owners to hand over"
        }
    }
}

/// What the program says once about a club store's rules.
public enum ClubNote: Equatable, Sendable {
    /// This session set the rules up as it connected (the first connection of a role
    /// that may create roles): what it did.
    case setUp(ClubSetUp)
    /// The rules do not bind `role` (it owns the club's tables, or is a superuser):
    /// members need roles of their own, in `roles`.
    case rulesDoNotBind(role: String, roles: ClubRoles)
}
