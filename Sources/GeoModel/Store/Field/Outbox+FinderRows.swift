import Foundation
import GRDB

/// A finder's change (visits, own data) the outbox holds but cannot read in full: its
/// row in `finder_change` was damaged (a value this version never writes, a payload it
/// cannot decode, a visit type it does not know). It is never delivered, not even in
/// part; `sync --status` shows what could be read of it as `fN`, and the member gives it
/// up with ``Outbox/discardFinderChange(_:)``.
public struct UnreadableFinderChange: Equatable, Sendable {
    /// Its place among the finder's changes (`fN`).
    public let sequence: Int64
    /// `visits` or `own`, when that could be read.
    public let kind: String?
    /// The code of the cache its own data is for, when that could be read (nil for visits).
    public let code: String?
    /// When it was kept, when that could be read.
    public let queuedAt: Date?
    /// What could not be read.
    public let reason: String

    /// A finder's change whose row could not be read in full.
    public init(sequence: Int64, kind: String?, code: String?, queuedAt: Date?, reason: String) {
        self.sequence = sequence
        self.kind = kind
        self.code = code
        self.queuedAt = queuedAt
        self.reason = reason
    }
}

/// Reading the rows of the `finder_change` table, each on its own: a row that cannot be
/// read is an ``UnreadableFinderChange``, never left out unseen.
extension Outbox {
    /// A row of `finder_change`, as read.
    enum FinderEntry {
        /// A finder's change read in full.
        case change(FinderChange)
        /// One whose row could not be read.
        case unreadable(UnreadableFinderChange)
    }

    /// The columns ``finderEntry(from:)`` reads, in its order.
    static let finderColumns = "sequence, write_id, kind, code, payload, queued_at, refused"

    /// Every row of `finder_change` in sequence order, each read on its own.
    func finderEntries() throws -> [FinderEntry] {
        try read { db in
            try GRDB.Row.fetchAll(db, sql: "SELECT \(Self.finderColumns) FROM finder_change ORDER BY sequence")
                .map(Self.finderEntry(from:))
        }
    }

    /// The finder's changes kept whose rows cannot be read, in sequence order: never
    /// delivered, given up with ``discardFinderChange(_:)``.
    public func unreadableFinderChanges() throws -> [UnreadableFinderChange] {
        try finderEntries().compactMap { entry in
            if case .unreadable(let change) = entry { change } else { nil }
        }
    }

    /// The finder's change a row holds, or what could be read of it and why the rest cannot.
    static func finderEntry(from row: GRDB.Row) -> FinderEntry {
        func text(_ index: Int) -> String? { (try? row.decode(String?.self, atIndex: index)) ?? nil }
        let sequence = (try? row.decode(Int64.self, atIndex: 0)) ?? 0
        let kind = text(2)
        let seconds = (try? row.decode(Double?.self, atIndex: 5)) ?? nil
        func unreadable(_ reason: String) -> FinderEntry {
            .unreadable(UnreadableFinderChange(
                sequence: sequence, kind: kind, code: kind == "own" ? text(3).flatMap { $0.isEmpty ? nil : $0 } : nil,
                queuedAt: seconds.flatMap { believableTimes.contains($0) ? Date(timeIntervalSince1970: $0) : nil },
                reason: reason))
        }
        guard let writeText = text(1), let uuid = UUID(uuidString: writeText) else {
            return unreadable("its write identifier is not one")
        }
        guard let kind, kind == "visits" || kind == "own" else { return unreadable("its kind is unknown") }
        guard let code = try? row.decode(String.self, atIndex: 3) else {
            return unreadable("its code is not what the outbox writes")
        }
        guard let json = try? row.decode(String.self, atIndex: 4) else {
            return unreadable("its payload is not what the outbox writes")
        }
        guard let payload = try? JSONDecoder().decode(Payload.self, from: Data(json.utf8)) else {
            return unreadable("its payload is not JSON this version can read")
        }
        guard let time = try? row.decode(Double.self, atIndex: 5) else {
            return unreadable("its time is not what the outbox writes")
        }
        guard believableTimes.contains(time) else { return unreadable("its time, \(time), is not a time") }
        let refusal: String?
        do {
            refusal = try row.decode(String?.self, atIndex: 6)
        } catch {
            return unreadable("its refusal is not what the outbox writes")
        }
        let decoded: FinderChange.Kind
        switch kind {
        case "visits":
            guard let entries = payload.visits, !entries.isEmpty else { return unreadable("its visits are missing") }
            for entry in entries {
                guard VisitType(rawValue: entry.type) != nil else {
                    return unreadable("its visit type “\(entry.type)” is unknown")
                }
                guard UTCTime.instant(entry.time) != nil else { return unreadable("its visit time “\(entry.time)” is not a time") }
            }
            let visits = entries.compactMap(\.visit)
            decoded = .visits(visits, exported: entries.filter { $0.exported == true }.compactMap(\.visit))
        default:
            guard !code.isEmpty else { return unreadable("the code of its cache is missing") }
            guard let own = payload.own else { return unreadable("its own data is missing") }
            guard let data = own.data else { return unreadable("its corrected coordinates are not a place") }
            if let found = data.found, UTCTime.instant(found) == nil {
                return unreadable("its found time “\(found)” is not a time")
            }
            decoded = .own(code: code, data)
        }
        return .change(FinderChange(sequence: sequence, write: WriteID(uuid: uuid), kind: decoded,
                                    queuedAt: Date(timeIntervalSince1970: time), refusal: refusal,
                                    ownBase: payload.base?.data, ownOverChanges: payload.over == true))
    }
}
