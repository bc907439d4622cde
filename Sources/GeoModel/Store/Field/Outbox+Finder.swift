import Foundation
import GRDB

/// A finder's write kept in the ``Outbox`` while the club store could not be reached:
/// visits recorded, or the member's own data on a cache set. Delivered after the
/// changes to caches, in order, each with its ``WriteID`` (the store's ledger makes a
/// write sent again, or whose reply was lost, stored once).
public struct FinderChange: Equatable, Sendable {
    /// What it writes.
    public enum Kind: Equatable, Sendable {
        /// Visits to record; `exported` are those a field-notes export to a file has
        /// carried already (marked exported on the server once delivered).
        case visits([Visit], exported: [Visit])
        /// The member's own data on the cache `code`.
        case own(code: String, OwnData)
    }

    /// Its place among the finder's changes: delivered in this order.
    public let sequence: Int64
    /// The identifier it is sent with.
    public let write: WriteID
    /// What it writes.
    public let kind: Kind
    /// When it was kept.
    public let queuedAt: Date
    /// Why the server refused it (its words); it is then kept, never sent again.
    public let refusal: String?
    /// For own data, what it read when it was changed: delivery writes only the fields
    /// changed from it, over the server's (nil for visits, and for a change an older
    /// version kept, which is written whole).
    public var ownBase: OwnData? = nil
    /// For own data, whether delivery writes the changed fields over another session's
    /// change of them (a command's, which states them whole); else such a change is
    /// refused (``OwnDataEditError``) and kept here.
    public var ownOverChanges = false
}

/// The finder's changes in the outbox's `finder_change` table (schema version 3):
/// `kind` `visits` or `own`, `code` (empty for visits), `payload` JSON.
extension Outbox {
    /// Keeps `visits` to record on the club store; `sentAs`, for visits already sent
    /// under that identifier whose outcome was not known: delivered under it, they are
    /// recorded once whatever the first try did (the store's ledger).
    @discardableResult
    public func queueVisits(_ visits: [Visit], sentAs: WriteID? = nil) throws -> FinderChange {
        try insertFinder(kind: "visits", code: "", payload: Payload(visits: visits.map(Payload.Entry.init)), write: sentAs)
    }

    /// Keeps the member's own data `data` on the cache `code`, changed from `base` (what
    /// was read of it), so that delivery writes only the fields changed from it, and, with
    /// `overChanges`, over another session's change of them; `sentAs`, for own data already
    /// sent under that identifier whose outcome was not known: delivered under it, it is
    /// written once whatever the first try did (the store's ledger answers it, so a first
    /// try that was stored is never taken for another session's change of those fields).
    @discardableResult
    public func queueOwnData(_ data: OwnData, from base: OwnData? = nil, overChanges: Bool = false,
                             forCode code: String, sentAs: WriteID? = nil) throws -> FinderChange {
        try insertFinder(kind: "own", code: code, payload: Payload(own: Payload.Own(data), base: base.map(Payload.Own.init),
                                                                   over: overChanges ? true : nil), write: sentAs)
    }

    /// The finder's changes kept that can be read, in delivery order (one that cannot
    /// is never sent: ``unreadableFinderChanges()``).
    public func finderChanges() throws -> [FinderChange] {
        try finderEntries().compactMap { entry in
            if case .change(let change) = entry { change } else { nil }
        }
    }

    /// Marks the kept visits equal to `visits` exported (an export to a file carried them).
    public func markWaitingVisitsExported(_ visits: [Visit]) throws {
        let carried = Set(visits)
        try write { db in
            let rows = try GRDB.Row.fetchAll(db, sql: """
                SELECT \(Self.finderColumns) FROM finder_change WHERE kind = 'visits'
                """)
            for entry in rows.map(Self.finderEntry(from:)) {
                guard case .change(let change) = entry, case .visits(let all, let exported) = change.kind else { continue }
                let now = all.filter { carried.contains($0) || exported.contains($0) }
                guard now.count != exported.count else { continue }
                let payload = Payload(visits: all.map { Payload.Entry($0, exported: now.contains($0)) })
                try db.execute(sql: "UPDATE finder_change SET payload = ? WHERE sequence = ?",
                               arguments: [try Self.encode(payload), change.sequence])
            }
        }
    }

    /// Drops the finder's change `sequence` (the member gives up one the server refused,
    /// or one whose row cannot be read).
    ///
    /// - Throws: ``OutboxError/noSuchChange(_:)`` when no finder's change has that number.
    public func discardFinderChange(_ sequence: Int64) throws {
        try betweenDeliveries(sequence) {
            try write { db in
                try db.execute(sql: "DELETE FROM finder_change WHERE sequence = ?", arguments: [sequence])
                if db.changesCount == 0 { throw OutboxError.noSuchChange(sequence) }
            }
        }
    }

    /// Removes the finder's change `sequence` (delivered).
    func removeFinderChange(_ sequence: Int64) throws {
        try write { db in try db.execute(sql: "DELETE FROM finder_change WHERE sequence = ?", arguments: [sequence]) }
    }

    /// Records that the server refused the finder's change `sequence`, and why.
    func refuseFinderChange(_ sequence: Int64, reason: String) throws {
        try write { db in
            try db.execute(sql: "UPDATE finder_change SET refused = ? WHERE sequence = ?", arguments: [reason, sequence])
        }
    }

    // MARK: The rows

    /// A finder's change as JSON: the visits (each with whether it was exported) or the own data.
    struct Payload: Codable {
        struct Entry: Codable {
            var code: String, time: String, type: String, text: String, exported: Bool?

            init(_ visit: Visit) { self.init(visit, exported: false) }

            init(_ visit: Visit, exported: Bool) {
                code = visit.code
                time = visit.time
                type = visit.type.rawValue
                text = visit.text
                self.exported = exported ? true : nil
            }

            var visit: Visit? {
                VisitType(rawValue: type).map { Visit(code: code, time: time, type: $0, text: text) }
            }
        }

        struct Own: Codable {
            var found: String?, note: String, latitude: Int32?, longitude: Int32?

            init(_ data: OwnData) {
                found = data.found
                note = data.note
                latitude = data.corrected?.latitudeMicrodegrees
                longitude = data.corrected?.longitudeMicrodegrees
            }

            var data: OwnData? {
                var corrected: Coordinate?
                if let latitude, let longitude {
                    guard let place = Coordinate(latitudeMicrodegrees: latitude, longitudeMicrodegrees: longitude) else {
                        return nil
                    }
                    corrected = place
                }
                return OwnData(found: found, note: note, corrected: corrected)
            }
        }

        var visits: [Entry]?
        var own: Own?
        /// What the own data read when it was changed (absent in a change an older version kept).
        var base: Own?
        /// True when the own data is written over another session's change of its fields.
        var over: Bool?
    }

    private static func encode(_ payload: Payload) throws -> String {
        String(decoding: try JSONEncoder().encode(payload), as: UTF8.self)
    }

    private func insertFinder(kind: String, code: String, payload: Payload, write: WriteID? = nil) throws -> FinderChange {
        let write = write ?? WriteID()
        let queuedAt = Date()
        let text = try Self.encode(payload)
        let sequence: Int64 = try self.write { db in
            try db.execute(sql: """
                INSERT INTO finder_change (write_id, kind, code, payload, queued_at) VALUES (?, ?, ?, ?, ?)
                """, arguments: [write.description, kind, code, text, queuedAt.timeIntervalSince1970])
            return db.lastInsertedRowID
        }
        guard let change = Self.finderChange(sequence: sequence, write: write, kind: kind, code: code, payload: payload,
                                             queuedAt: queuedAt, refusal: nil) else {
            throw OutboxError.noSuchChange(sequence)
        }
        return change
    }

    private static func finderChange(sequence: Int64, write: WriteID, kind: String, code: String, payload: Payload,
                                     queuedAt: Date, refusal: String?) -> FinderChange? {
        let decoded: FinderChange.Kind
        switch kind {
        case "visits":
            guard let entries = payload.visits else { return nil }
            let visits = entries.compactMap(\.visit)
            guard visits.count == entries.count else { return nil }
            decoded = .visits(visits, exported: entries.filter { $0.exported == true }.compactMap(\.visit))
        case "own":
            guard let data = payload.own?.data, !code.isEmpty else { return nil }
            decoded = .own(code: code, data)
        default:
            return nil
        }
        return FinderChange(sequence: sequence, write: write, kind: decoded, queuedAt: queuedAt, refusal: refusal,
                            ownBase: payload.base?.data, ownOverChanges: payload.over == true)
    }
}
