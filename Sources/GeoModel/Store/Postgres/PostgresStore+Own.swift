import Foundation

/// Each member's own data and visits on the PostgreSQL store (schema version 7):
/// `geocache_own` and `geocache_visit`, a row belonging to the role that wrote it
/// (`current_user`, as the club's rules name a member) and kept to it by row-level
/// security forced on the tables' owner too. Every write goes through the ledger, so a
/// write sent again, or whose reply was lost, is stored once.
extension PostgresStore {
    static let ownMigration: [String] = [
        """
        CREATE TABLE geocache_own (
            member name NOT NULL DEFAULT current_user,
            code text NOT NULL,
            found text,
            note text NOT NULL DEFAULT '',
            corrected_latitude integer,
            corrected_longitude integer,
            PRIMARY KEY (member, code),
            CHECK ((corrected_latitude IS NULL) = (corrected_longitude IS NULL)),
            CHECK (corrected_latitude BETWEEN -90000000 AND 90000000
                   AND corrected_longitude BETWEEN -180000000 AND 180000000)
        )
        """,
        // Nearest first reads corrected places through their own index, as the caches'.
        """
        CREATE INDEX geocache_own_place ON geocache_own USING gist (\(correctedPoint))
            WHERE corrected_latitude IS NOT NULL
        """,
        """
        CREATE TABLE geocache_visit (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            member name NOT NULL DEFAULT current_user,
            identity bytea NOT NULL,
            code text NOT NULL,
            time text NOT NULL,
            type text NOT NULL,
            text text NOT NULL,
            exported boolean NOT NULL DEFAULT false,
            UNIQUE (member, identity)
        )
        """,
        "ALTER TABLE geocache_own ENABLE ROW LEVEL SECURITY",
        "ALTER TABLE geocache_own FORCE ROW LEVEL SECURITY",
        "CREATE POLICY geocache_own_member ON geocache_own USING (member = current_user) WITH CHECK (member = current_user)",
        "ALTER TABLE geocache_visit ENABLE ROW LEVEL SECURITY",
        "ALTER TABLE geocache_visit FORCE ROW LEVEL SECURITY",
        """
        CREATE POLICY geocache_visit_member ON geocache_visit
            USING (member = current_user) WITH CHECK (member = current_user)
        """,
        """
        CREATE TRIGGER geocache_own_announced AFTER INSERT OR UPDATE OR DELETE ON geocache_own
            FOR EACH STATEMENT EXECUTE FUNCTION geocache_announce()
        """,
        // A club set up before this version: its members may keep their own too.
        """
        DO $$
        DECLARE members name := (SELECT c.member_role FROM geocache_club c);
        BEGIN
            IF members IS NOT NULL THEN
                EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON geocache_own, geocache_visit TO %I', members);
            END IF;
        END $$
        """,
    ]

    /// A corrected place as a point in microdegrees (longitude, latitude), as ``placePoint``.
    static let correctedPoint = "point(corrected_longitude, corrected_latitude)"

    /// The condition that the `geocache` row `g` has a corrected place for this member.
    static let correctedByMember = """
        EXISTS (SELECT 1 FROM geocache_own o WHERE o.member = current_user AND o.code = g.code
                AND o.corrected_latitude IS NOT NULL)
        """

    /// The member's own rows (that of `onlyCode` alone when given), and with
    /// `includingVisits` their visits, in the same round trip: the first column says
    /// which a row is, the visits come in the order recorded.
    public func ownData(includingVisits: Bool, onlyCode: String?) throws -> OwnData.Book {
        var book = OwnData.Book()
        let code: PostgresValue = onlyCode.map { .text(CacheCode.normalized($0) ?? $0) } ?? .null
        for row in try rows("""
            SELECT false, code, found, note, corrected_latitude, corrected_longitude, NULL::text, NULL::bigint
                FROM geocache_own WHERE member = current_user AND ($2::text IS NULL OR code = $2::text)
            UNION ALL
            SELECT true, code, time, type, NULL, NULL, text, id FROM geocache_visit
                WHERE member = current_user AND $1::boolean AND ($2::text IS NULL OR code = $2::text)
            ORDER BY 8 NULLS FIRST
            """, [.text(includingVisits ? "true" : "false"), code]) {
            guard let code = row.string(1) else { continue }
            if row.bool(0) == true {
                guard let time = row.string(2), let type = row.string(3).flatMap(VisitType.init(rawValue:)) else { continue }
                book.visitsByCode[code, default: []].append(Visit(code: code, time: time, type: type, text: row.string(6) ?? ""))
                continue
            }
            var corrected: Coordinate?
            if let latitude = row.int(4).flatMap(Int32.init(exactly:)), let longitude = row.int(5).flatMap(Int32.init(exactly:)) {
                corrected = Coordinate(latitudeMicrodegrees: latitude, longitudeMicrodegrees: longitude)
            }
            book.byCode[code] = OwnData(found: row.string(2), note: row.string(3) ?? "", corrected: corrected)
        }
        return book
    }

    public func setOwnData(_ data: OwnData, forCode code: String, from base: OwnData?, overChanges: Bool,
                           as write: WriteID) throws -> OwnData {
        let code = CacheCode.normalized(code) ?? code
        // Stored already (its reply lost): what is stored now is what it came to.
        let replay = { (_: WriteRecord) throws -> OwnData in
            try self.ownData(includingVisits: false, onlyCode: code).of(code: code)
        }
        return try ledgerTransaction(write, kind: .ownData, detail: { _ in nil }, replay: replay) { connection in
            let current = base == nil ? OwnData() : try Self.lockedOwnData(forCode: code, on: connection)
            let written = try data.written(over: current, from: base, forCode: code, overChanges: overChanges)
            try Self.setOwnData(written, forCode: code, on: connection)
            return written
        }
    }

    /// This member's row of `code` (empty when none), locked until the transaction
    /// ends: a row missing is inserted empty first (waiting for another transaction
    /// inserting it), so that two writers of one code take their turns.
    private static func lockedOwnData(forCode code: String, on connection: PostgresConnection) throws -> OwnData {
        try connection.query("INSERT INTO geocache_own (code) VALUES ($1) ON CONFLICT (member, code) DO NOTHING",
                             [.text(code)])
        let row = try connection.query("""
            SELECT found, note, corrected_latitude, corrected_longitude FROM geocache_own
            WHERE member = current_user AND code = $1 FOR UPDATE
            """, [.text(code)]).rows.first
        var own = OwnData(found: row?.string(0), note: row?.string(1) ?? "")
        if let latitude = row?.int(2).flatMap(Int32.init(exactly:)), let longitude = row?.int(3).flatMap(Int32.init(exactly:)) {
            own.corrected = Coordinate(latitudeMicrodegrees: latitude, longitudeMicrodegrees: longitude)
        }
        return own
    }

    /// Writes `data` as this member's row of `code` (deletes it when empty).
    private static func setOwnData(_ data: OwnData, forCode code: String, on connection: PostgresConnection) throws {
        guard !data.isEmpty else {
            try connection.query("DELETE FROM geocache_own WHERE member = current_user AND code = $1", [.text(code)])
            return
        }
        try connection.query("""
            INSERT INTO geocache_own (code, found, note, corrected_latitude, corrected_longitude)
            VALUES ($1, $2, $3, $4::integer, $5::integer)
            ON CONFLICT (member, code) DO UPDATE SET found = excluded.found, note = excluded.note,
                corrected_latitude = excluded.corrected_latitude, corrected_longitude = excluded.corrected_longitude
            """, [.text(code), data.found.map { .text($0) } ?? .null, .text(data.note),
                  data.corrected.map { .int(Int($0.latitudeMicrodegrees)) } ?? .null,
                  data.corrected.map { .int(Int($0.longitudeMicrodegrees)) } ?? .null])
    }

    public func recordVisits(_ visits: [Visit], as write: WriteID) throws -> VisitsRecorded {
        try ledgerTransaction(write, kind: .visits, detail: { $0.ledgerDetail },
                              replay: { VisitsRecorded(ledgerDetail: $0.detail) }) { connection in
            var recorded = VisitsRecorded()
            var unknown = Set<String>()
            var foundChanged = Set<String>()
            for visit in visits.map(\.normalized) {
                // Kept already when the member keeps one like it within its minute
                // (``Visit/minute``, through the index of version 14, whose expression
                // the look-up repeats; a text kept before texts were normalized compared
                // trimmed and with its line breaks LFs): one round trip asks and inserts.
                let inserted = try connection.query("""
                    INSERT INTO geocache_visit (identity, code, time, type, text)
                    SELECT $1, $2, $3, $4, $5 WHERE NOT EXISTS (
                        SELECT 1 FROM geocache_visit WHERE member = current_user AND code = $2 AND type = $4
                            AND replace(replace(btrim(text, E' \\t\\n\\r'), E'\\r\\n', E'\\n'), E'\\r', E'\\n') = $5
                            AND left(time, 16) = $6)
                    ON CONFLICT (member, identity) DO NOTHING RETURNING id, EXISTS (SELECT 1 FROM geocache WHERE code = $2)
                    """, [.bytea(visit.identity), .text(visit.code), .text(visit.time), .text(visit.type.rawValue),
                          .text(visit.text), .text(visit.minute)]).rows
                guard let row = inserted.first else {
                    recorded.alreadyKept += 1
                    continue
                }
                recorded.added += 1
                if row.bool(1) != true, unknown.insert(visit.code).inserted { recorded.unknownCodes.append(visit.code) }
                guard visit.type.findsTheCache else { continue }
                let before = try connection.query("""
                    SELECT found, note, corrected_latitude, corrected_longitude FROM geocache_own
                    WHERE member = current_user AND code = $1 FOR UPDATE
                    """, [.text(visit.code)]).rows.first
                var own = OwnData(found: before?.string(0), note: before?.string(1) ?? "")
                if let latitude = before?.int(2).flatMap(Int32.init(exactly:)),
                   let longitude = before?.int(3).flatMap(Int32.init(exactly:)) {
                    own.corrected = Coordinate(latitudeMicrodegrees: latitude, longitudeMicrodegrees: longitude)
                }
                let after = own.afterVisit(visit)
                guard after != own else { continue }
                recorded.countFoundChange(from: own, code: visit.code, changed: &foundChanged)
                try Self.setOwnData(after, forCode: visit.code, on: connection)
            }
            return recorded
        }
    }

    public func visits() throws -> [StoredVisit] {
        try rows("SELECT id, code, time, type, text, exported FROM geocache_visit WHERE member = current_user ORDER BY id")
            .compactMap { row in
                guard let id = row.int(0), let code = row.string(1), let time = row.string(2),
                      let type = row.string(3).flatMap(VisitType.init(rawValue:)) else { return nil }
                return StoredVisit(id: Int64(id), visit: Visit(code: code, time: time, type: type, text: row.string(4) ?? ""),
                                   exported: row.bool(5) == true)
            }
    }

    public func markVisitsExported(_ visits: [Visit], as write: WriteID) throws {
        guard !visits.isEmpty else { return }
        try ledgerTransaction(write, kind: .visitsExported, detail: { _ in nil }, replay: { _ in () }) { connection in
            for visit in visits.map(\.normalized) {
                try connection.query("UPDATE geocache_visit SET exported = true WHERE member = current_user AND identity = $1",
                                     [.bytea(visit.identity)])
            }
        }
    }
}
