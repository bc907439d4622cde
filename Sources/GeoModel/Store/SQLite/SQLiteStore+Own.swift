import Foundation
import GRDB

/// The person's own data and visits in an SQLite store: the file's user's, in the
/// `own_data` and `visit` tables (schema v6; visits by code since v7). The place index follows a corrected
/// place through the tables' triggers.
extension SQLiteStore {
    public func ownData(includingVisits: Bool, onlyCode: String?) throws -> OwnData.Book {
        let code = onlyCode.map { CacheCode.normalized($0) ?? $0 }
        return try read { db in
            var book = try Self.ownData(in: db, onlyCode: code)
            guard includingVisits else { return book }
            // At most a code per visit: the book never grows while it is read.
            if code == nil {
                book.visitsByCode.reserveCapacity(try Int.fetchOne(db, sql: "SELECT count(*) FROM visit") ?? 0)
            }
            let rows = try Row.fetchCursor(db, sql: "SELECT code, time, type, text FROM visit"
                                               + (code == nil ? "" : " WHERE code = ?") + " ORDER BY id",
                                           arguments: StatementArguments(code.map { [$0] } ?? []))
            while let row = try rows.next() {
                guard let code = try? row.decode(String.self, atIndex: 0), let time = try? row.decode(String.self, atIndex: 1),
                      let type = (try? row.decode(String.self, atIndex: 2)).flatMap(VisitType.init(rawValue:))
                else { continue }
                book.visitsByCode[code, default: []].append(
                    Visit(code: code, time: time, type: type, text: (try? row.decode(String.self, atIndex: 3)) ?? ""))
            }
            return book
        }
    }

    /// The rows of `own_data` in `db` (that of `onlyCode` alone when given), by code (no
    /// visits).
    static func ownData(in db: Database, onlyCode code: String? = nil) throws -> OwnData.Book {
        var book: [String: OwnData] = [:]
        // Made as large as it will be: growing rehashed every code, half the reading.
        if code == nil { book.reserveCapacity(try Int.fetchOne(db, sql: "SELECT count(*) FROM own_data") ?? 0) }
        let rows = try Row.fetchCursor(db, sql: """
            SELECT code, found, note, corrected_latitude, corrected_longitude FROM own_data
            """ + (code == nil ? "" : " WHERE code = ?"), arguments: StatementArguments(code.map { [$0] } ?? []))
        while let row = try rows.next() {
            guard let code = try? row.decode(String.self, atIndex: 0) else { continue }
            book[code] = OwnData(found: try? row.decode(String?.self, atIndex: 1),
                                 note: (try? row.decode(String?.self, atIndex: 2)) ?? "",
                                 corrected: coordinate(latitude: try? row.decode(Int64?.self, atIndex: 3),
                                                       longitude: try? row.decode(Int64?.self, atIndex: 4)))
        }
        return OwnData.Book(book)
    }

    /// The found and corrected caches of `own_data`, without their text.
    public func ownFacts() throws -> OwnData.Facts {
        try read { db in
            var facts = OwnData.Facts()
            facts.reserveCapacity(try Int.fetchOne(db, sql: "SELECT count(*) FROM own_data") ?? 0)
            let rows = try Row.fetchCursor(db, sql: """
                SELECT code, found IS NOT NULL, corrected_latitude, corrected_longitude FROM own_data
                WHERE found IS NOT NULL OR corrected_latitude IS NOT NULL
                """)
            while let row = try rows.next() {
                guard let code = try? row.decode(String.self, atIndex: 0) else { continue }
                facts.set(found: (try? row.decode(Bool.self, atIndex: 1)) ?? false,
                          corrected: Self.coordinate(latitude: try? row.decode(Int64?.self, atIndex: 2),
                                                     longitude: try? row.decode(Int64?.self, atIndex: 3)),
                          forCode: code)
            }
            return facts
        }
    }

    public func setOwnData(_ data: OwnData, forCode code: String, from base: OwnData?, overChanges: Bool,
                           as _: WriteID) throws -> OwnData {
        let code = CacheCode.normalized(code) ?? code
        // A refusal commits nothing, as an edit's conflict does, and is thrown outside.
        let outcome: Result<OwnData, OwnDataEditError> = try write { db in
            let current = base == nil ? OwnData() : try Self.ownData(in: db, onlyCode: code).of(code: code)
            let written = Result { () throws(OwnDataEditError) in
                try data.written(over: current, from: base, forCode: code, overChanges: overChanges)
            }
            if case .success(let written) = written { try Self.setOwnData(written, forCode: code, in: db) }
            return written
        }
        return try outcome.get()
    }

    /// Writes `data` as the row of `code` (deletes it when empty).
    static func setOwnData(_ data: OwnData, forCode code: String, in db: Database) throws {
        guard !data.isEmpty else {
            try db.execute(sql: "DELETE FROM own_data WHERE code = ?", arguments: [code])
            return
        }
        // Cached, as every statement run once a visit: compiling one is most of its cost
        // (GRDB's authorizer), and a field-notes import runs them a hundred thousand times.
        try db.cachedStatement(sql: """
            INSERT INTO own_data (code, found, note, corrected_latitude, corrected_longitude) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (code) DO UPDATE SET found = excluded.found, note = excluded.note,
                corrected_latitude = excluded.corrected_latitude, corrected_longitude = excluded.corrected_longitude
            WHERE found IS NOT excluded.found OR note IS NOT excluded.note
                OR corrected_latitude IS NOT excluded.corrected_latitude
                OR corrected_longitude IS NOT excluded.corrected_longitude
            """).execute(arguments: [code, data.found, data.note,
                             data.corrected.map { Int64($0.latitudeMicrodegrees) },
                             data.corrected.map { Int64($0.longitudeMicrodegrees) }])
    }

    /// Inserts `visit` (normalized) into `visit` in `db`; false when a visit with its
    /// code, type and text is kept within its minute (``Visit/minute``), found through
    /// the index `visit_by_minute` (schema v8), whose expression the look-up repeats.
    static func insertVisit(_ visit: Visit, in db: Database) throws -> Bool {
        if try Bool.fetchOne(db.cachedStatement(sql: keptVisitSQL),
                             arguments: [visit.code, visit.type.rawValue, visit.text, visit.minute]) == true {
            return false
        }
        try db.cachedStatement(sql: """
            INSERT INTO visit (identity, code, time, type, text) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (identity) DO NOTHING
            """).execute(arguments: [Data(visit.identity), visit.code, visit.time, visit.type.rawValue, visit.text])
        return db.changesCount == 1
    }

    /// Whether a visit of the code, type and text given is kept within the minute given
    /// (a text kept before texts were normalized, ``Visit/normalized``, compared trimmed
    /// and with its line breaks LFs).
    static let keptVisitSQL = """
        SELECT EXISTS (SELECT 1 FROM visit WHERE code = ? AND type = ?
            AND replace(replace(trim(text, char(32, 9, 10, 13)), char(13, 10), char(10)), char(13), char(10)) = ?
            AND substr(time, 1, 16) = ?)
        """

    public func recordVisits(_ visits: [Visit], as _: WriteID) throws -> VisitsRecorded {
        try write { db in
            var recorded = VisitsRecorded()
            var book = try Self.ownData(in: db)
            var unknown = Set<String>()
            var foundChanged = Set<String>()
            for visit in visits.map(\.normalized) {
                guard try Self.insertVisit(visit, in: db) else {
                    recorded.alreadyKept += 1
                    continue
                }
                recorded.added += 1
                let stored = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM cache WHERE code = ?"),
                                              arguments: [visit.code]) ?? 0
                if stored == 0, unknown.insert(visit.code).inserted { recorded.unknownCodes.append(visit.code) }
                let before = book.byCode[visit.code] ?? OwnData()
                let after = before.afterVisit(visit)
                guard after != before else { continue }
                recorded.countFoundChange(from: before, code: visit.code, changed: &foundChanged)
                book.byCode[visit.code] = after
                try Self.setOwnData(after, forCode: visit.code, in: db)
            }
            return recorded
        }
    }

    public func visits() throws -> [StoredVisit] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT id, code, time, type, text, exported FROM visit ORDER BY id").compactMap { row in
                guard let id = try? row.decode(Int64.self, atIndex: 0), let code = try? row.decode(String.self, atIndex: 1),
                      let time = try? row.decode(String.self, atIndex: 2),
                      let type = (try? row.decode(String.self, atIndex: 3)).flatMap(VisitType.init(rawValue:))
                else { return nil }
                return StoredVisit(id: id, visit: Visit(code: code, time: time, type: type,
                                                        text: (try? row.decode(String.self, atIndex: 4)) ?? ""),
                                   exported: ((try? row.decode(Int64.self, atIndex: 5)) ?? 0) != 0)
            }
        }
    }

    public func markVisitsExported(_ visits: [Visit], as _: WriteID) throws {
        guard !visits.isEmpty else { return }
        try write { db in
            for visit in visits.map(\.normalized) {
                try db.cachedStatement(sql: "UPDATE visit SET exported = 1 WHERE identity = ?")
                    .execute(arguments: [Data(visit.identity)])
            }
        }
    }
}
