import Foundation

/// One write kept in the ``Outbox`` while the club store could not be reached,
/// waiting to be delivered in order, exactly once (its ``WriteID``).
public struct QueuedChange: Equatable, Sendable {
    /// What the change does.
    public enum Kind: String, Sendable, Equatable {
        /// Adds ``cache`` (its code given when it was queued).
        case add
        /// Writes ``cache`` over ``base``, the version it was edited from.
        case edit
        /// Deletes ``base``, the version the member saw.
        case delete
    }

    /// Its place in the outbox: changes are delivered in this order.
    public let sequence: Int64
    /// The identifier it is (or was last) sent with.
    public let write: WriteID
    /// What it does.
    public let kind: Kind
    /// The code of the cache it is about (a queued add is given one when queued).
    public let code: String
    /// The version an edit or delete was made from; nil for an add.
    public let base: GeoCache?
    /// What an add or an edit writes; nil for a delete.
    public let cache: GeoCache?
    /// When it was queued.
    public let queuedAt: Date
    /// Why it could not be delivered, once delivery found the cache changed or gone on
    /// the server; nil while it simply waits.
    public let conflict: OutboxConflict?
    /// Why the server refused it (its words), once a delivery was refused: it is not
    /// sent again until the member gives it up; nil otherwise.
    public let refusal: String?
    /// True when it was sent and its reply was lost: it may be stored on the server
    /// already, and the next delivery asks by its ``write`` before sending it again.
    public let mayBeStored: Bool

    /// A change as the outbox keeps it.
    public init(sequence: Int64, write: WriteID, kind: Kind, code: String, base: GeoCache?, cache: GeoCache?,
                queuedAt: Date, conflict: OutboxConflict?, refusal: String? = nil, mayBeStored: Bool = false) {
        self.sequence = sequence
        self.write = write
        self.kind = kind
        self.code = code
        self.base = base
        self.cache = cache
        self.queuedAt = queuedAt
        self.conflict = conflict
        self.refusal = refusal
        self.mayBeStored = mayBeStored
    }

    /// The title of the cache it is about, for messages.
    public var title: String { (cache ?? base)?.title ?? code }
}

extension QueuedChange {
    /// Whether this is a conflict the club's rules alone made: an edit or delete of a
    /// cache whose text on the server was still the change's base, which this role
    /// could not change then (the cache handed to another member, or the role's keeper
    /// right taken away).
    var isRulesConflict: Bool {
        guard kind != .add, let base, case .changed(let server)? = conflict else { return false }
        return server.cache == base
    }
}

/// What delivery found on the server for a queued edit or delete: the same conflict
/// as an edit in the form meets today. The change stays in the outbox until the member
/// decides (``Outbox/discard(_:waitingUpTo:settling:)`` or ``Outbox/overwrite(_:)``).
public enum OutboxConflict: Equatable, Sendable {
    /// The cache was changed on the server meanwhile: its version now.
    case changed(server: StoredCache)
    /// The cache was deleted on the server meanwhile.
    case vanished
}
