import Foundation
import GRDB

/// A change the outbox holds but cannot read in full: its row was damaged (a value
/// this version never writes, JSON it cannot decode). It is never delivered, not even
/// in part; the changes after it about the same cache wait behind it, the others are
/// delivered; `sync --status` shows what could be read of it, and the member gives it
/// up with ``Outbox/discard(_:waitingUpTo:settling:)``.
public struct UnreadableChange: Equatable, Sendable {
    /// Its place in the outbox.
    public let sequence: Int64
    /// What it does, when that could be read.
    public let kind: QueuedChange.Kind?
    /// The code of the cache it is about, when that could be read.
    public let code: String?
    /// The title of its cache, when its JSON still names one.
    public let title: String?
    /// When it was queued, when that could be read.
    public let queuedAt: Date?
    /// What could not be read.
    public let reason: String

    /// A change whose row could not be read in full.
    public init(sequence: Int64, kind: QueuedChange.Kind?, code: String?, title: String?, queuedAt: Date?,
                reason: String) {
        self.sequence = sequence
        self.kind = kind
        self.code = code
        self.title = title
        self.queuedAt = queuedAt
        self.reason = reason
    }
}

/// Reading the rows of the `change` table, each on its own: a row that cannot be read
/// is an ``UnreadableChange``, and the others are read as ever.
extension Outbox {
    /// A row of `change`, as read.
    enum Entry {
        /// A change read in full, with its state.
        case change(Row)
        /// A change whose row could not be read.
        case unreadable(UnreadableChange)
    }

    /// The times a change can have been queued at: from 1970 to the end of year 9999.
    static let believableTimes: ClosedRange<Double> = 0...253_402_300_799

    /// Every row in sequence order, each read on its own.
    func entries() throws -> [Entry] {
        try read { db in
            try GRDB.Row.fetchAll(db, sql: "SELECT \(Self.columns) FROM change ORDER BY sequence").map(Self.entry(from:))
        }
    }

    /// The row `row` holds: the change, or what could be read of it.
    static func entry(from row: GRDB.Row) -> Entry {
        do {
            return .change(try Row.Record(row).row())
        } catch {
            let reason = (error as? Unreadable)?.reason ?? String(describing: error)
            return .unreadable(unreadable(row, reason: reason))
        }
    }

    /// What can be read of a row that cannot be read in full.
    private static func unreadable(_ row: GRDB.Row, reason: String) -> UnreadableChange {
        func text(_ index: Int) -> String? { (try? row.decode(String?.self, atIndex: index)) ?? nil }
        let title = [text(5), text(4)].lazy.compactMap { json -> String? in
            guard let json, let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
                return nil
            }
            return object["title"] as? String
        }.first
        let seconds = (try? row.decode(Double?.self, atIndex: 6)) ?? nil
        return UnreadableChange(sequence: (try? row.decode(Int64.self, atIndex: 0)) ?? 0,
                                kind: text(2).flatMap(QueuedChange.Kind.init(rawValue:)), code: text(3), title: title,
                                queuedAt: seconds.flatMap { believableTimes.contains($0) ? Date(timeIntervalSince1970: $0) : nil },
                                reason: reason)
    }

    /// Why a row could not be read.
    struct Unreadable: Error {
        /// What could not be read, for people.
        let reason: String
    }
}

/// Reading a row of the `change` table.
extension Outbox.Row {
    /// The columns of one `change` row, as read.
    struct Record {
        /// `sequence`.
        let sequence: Int64
        /// `write_id`, a UUID.
        let write: String
        /// `kind`: `add`, `edit` or `delete`.
        let kind: String
        /// `code`.
        let code: String
        /// `base`, JSON.
        let base: String?
        /// `cache`, JSON.
        let cache: String?
        /// `queued_at`, seconds since 1970.
        let queuedAt: Double
        /// `state`.
        let state: String
        /// `server_id`.
        let serverID: Int64?
        /// `server_cache`, JSON.
        let serverCache: String?
        /// `refused`: the server's reason.
        let refused: String?

        /// Reads the columns of `Outbox.columns` with GRDB's throwing API: a value of
        /// another type than the outbox writes is ``Outbox/Unreadable``.
        init(_ row: GRDB.Row) throws {
            func column<Value: DatabaseValueConvertible>(_ index: Int, _ name: String) throws -> Value {
                do {
                    return try row.decode(Value.self, atIndex: index)
                } catch {
                    throw Outbox.Unreadable(reason: "its \(name) is not what the outbox writes")
                }
            }
            sequence = try column(0, "sequence")
            write = try column(1, "write identifier")
            kind = try column(2, "kind")
            code = try column(3, "code")
            base = try column(4, "base version")
            cache = try column(5, "cache")
            queuedAt = try column(6, "time")
            state = try column(7, "state")
            serverID = try column(8, "server identifier")
            serverCache = try column(9, "server version")
            refused = try column(10, "refusal")
        }

        /// The change it holds, or ``Outbox/Unreadable`` saying what cannot be read: a
        /// value out of range, JSON that does not decode, a version the change needs
        /// and has not (an add without its cache, an edit or delete without its base).
        func row() throws -> Outbox.Row {
            guard let uuid = UUID(uuidString: write) else { throw Outbox.Unreadable(reason: "its write identifier is not one") }
            guard let kind = QueuedChange.Kind(rawValue: kind) else { throw Outbox.Unreadable(reason: "its kind is unknown") }
            guard let state = Outbox.State(rawValue: state) else { throw Outbox.Unreadable(reason: "its state is unknown") }
            guard Outbox.believableTimes.contains(queuedAt) else {
                throw Outbox.Unreadable(reason: "its time, \(queuedAt), is not a time")
            }
            let decoder = JSONDecoder()
            func decode(_ text: String?, _ name: String) throws -> GeoCache? {
                do {
                    return try text.map { try decoder.decode(GeoCache.self, from: Data($0.utf8)) }
                } catch {
                    throw Outbox.Unreadable(reason: "its \(name) is not a cache this version can read")
                }
            }
            let base = try decode(base, "base version"), cache = try decode(cache, "cache")
            switch kind {
            case .add where cache == nil, .edit where cache == nil:
                throw Outbox.Unreadable(reason: "its cache is missing")
            case .edit where base == nil, .delete where base == nil:
                throw Outbox.Unreadable(reason: "the version it was made from is missing")
            default: break
            }
            var conflict: OutboxConflict?
            if state == .conflict {
                if let serverID, let server = try decode(serverCache, "server version") {
                    conflict = .changed(server: StoredCache(id: CacheID(rawValue: serverID), cache: server))
                } else {
                    conflict = .vanished
                }
            }
            let change = QueuedChange(sequence: sequence, write: WriteID(uuid: uuid), kind: kind, code: code,
                                      base: base, cache: cache, queuedAt: Date(timeIntervalSince1970: queuedAt),
                                      conflict: conflict, refusal: refused, mayBeStored: state == .sending)
            return Outbox.Row(change: change, state: state)
        }
    }
}
