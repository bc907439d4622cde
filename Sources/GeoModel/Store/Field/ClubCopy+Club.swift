import Foundation
import GRDB

/// What the copy keeps of the club beside the caches: whose each cache is and who changed
/// it last and when (``ClubRecord``, the server's record), and what the role that
/// refreshed it may do (``ClubStanding``), so that while the server is away a change of a
/// cache that is not this role's is refused at once, as the server would refuse it, and
/// the pane and `list --json` say whose a cache is.
///
/// The copy's own tables (beside a store file's, whose schema is `SQLiteStore`'s
/// migrations) are versioned too: ``schema`` holds each version's statements, oldest
/// first, and a refresh writes a new file with all of them. Never edit a version: append
/// one. A copy made before version 2 holds no record: it is read as it is, its changes
/// left to the server, until the next refresh replaces it.
extension ClubCopy {
    /// The statements of each version of the copy's own tables, oldest first.
    static let schema: [String] = [
        // 1: when the copy was refreshed, and the area it holds.
        """
        CREATE TABLE club_copy (refreshed_at REAL NOT NULL, center_latitude INTEGER,
                                center_longitude INTEGER, radius REAL);
        """,
        // 2: the server's record of each cache (owner NULL: the club's), the standing of
        // the role that refreshed the copy, and the version itself.
        """
        CREATE TABLE club_record (id INTEGER PRIMARY KEY, owner TEXT, changed_by TEXT, changed_at REAL);
        CREATE TABLE club_standing (role TEXT NOT NULL, is_keeper INTEGER NOT NULL, passes_rules INTEGER NOT NULL,
                                    member_role TEXT, keeper_role TEXT, tables_owner TEXT NOT NULL);
        CREATE TABLE club_copy_schema (version INTEGER NOT NULL);
        """,
    ]

    /// The version of the copy's own tables this code writes.
    static var schemaVersion: Int { schema.count }

    /// Creates the copy's own tables in the new copy open in `db`, and records their version.
    static func createTables(in db: Database) throws {
        for statements in schema { try db.execute(sql: statements) }
        try db.execute(sql: "INSERT INTO club_copy_schema (version) VALUES (?)", arguments: [schemaVersion])
    }

    /// Writes the record of each of `caches` that has one, and `standing`, into the new
    /// copy open in `db`.
    static func writeClub(of caches: [StoredCache], standing: ClubStanding?, in db: Database) throws {
        let insert = try db.makeStatement(sql: "INSERT INTO club_record (id, owner, changed_by, changed_at) VALUES (?, ?, ?, ?)")
        for stored in caches {
            guard let club = stored.club else { continue }
            try insert.execute(arguments: [stored.id.rawValue, club.owner.role, club.changedBy,
                                           club.changedAt?.timeIntervalSince1970])
        }
        guard let standing else { return }
        try db.execute(sql: """
            INSERT INTO club_standing (role, is_keeper, passes_rules, member_role, keeper_role, tables_owner)
            VALUES (?, ?, ?, ?, ?, ?)
            """, arguments: [standing.role, standing.isKeeper, standing.passesRules, standing.rules?.member,
                             standing.rules?.keeper, standing.tablesOwner])
    }

    /// Whether the copy open in `db` keeps the club's records (version 2 on).
    /// - Throws: ``FieldFileDamage`` when its recorded version is not one, or its tables
    ///   are not those of its version.
    static func keepsClub(in db: Database) throws -> Bool {
        guard try db.tableExists("club_copy_schema") else { return false }
        guard let version = try Int.fetchOne(db, sql: "SELECT version FROM club_copy_schema"), version >= 2 else {
            throw FieldFileDamage(reason: "its schema version is not one a refresh writes")
        }
        guard try db.tableExists("club_record"), try db.tableExists("club_standing") else {
            throw FieldFileDamage(reason: "it lacks the club's records its schema version holds")
        }
        return true
    }

    /// The standing the copy open in `db` recorded: what the role that refreshed it may
    /// do. Nil when it recorded none, or a value no refresh writes (the server decides then).
    /// It never asks to set the club up, nor to be told of the rules: only the server does.
    static func standing(in db: Database) throws -> ClubStanding? {
        guard let row = try GRDB.Row.fetchOne(db, sql: """
            SELECT role, is_keeper, passes_rules, member_role, keeper_role, tables_owner FROM club_standing
            """) else { return nil }
        guard let role = try? row.decode(String.self, atIndex: 0), let isKeeper = try? row.decode(Bool.self, atIndex: 1),
              let passesRules = try? row.decode(Bool.self, atIndex: 2),
              let tablesOwner = try? row.decode(String.self, atIndex: 5) else { return nil }
        let rules = (nullable(String.self, in: row, at: 3) ?? nil).flatMap { member in
            (nullable(String.self, in: row, at: 4) ?? nil).map { ClubRoles(member: member, keeper: $0) }
        }
        return ClubStanding(role: role, rules: rules, isKeeper: isKeeper, passesRules: passesRules, mayCreateRoles: false,
                            wasTold: true, tablesOwner: tablesOwner)
    }

    /// The record the copy open in `db` keeps of the cache `id`; nil when it keeps none.
    static func record(of id: CacheID, in db: Database) throws -> ClubRecord? {
        try GRDB.Row.fetchOne(db, sql: "SELECT owner, changed_by, changed_at FROM club_record WHERE id = ?",
                              arguments: [id.rawValue]).flatMap { record(from: $0) }
    }

    /// Every record the copy open in `db` keeps, by cache.
    static func records(in db: Database) throws -> [CacheID: ClubRecord] {
        var records: [CacheID: ClubRecord] = [:]
        let rows = try GRDB.Row.fetchCursor(db, sql: "SELECT id, owner, changed_by, changed_at FROM club_record")
        while let row = try rows.next() {
            guard let id = try? row.decode(Int64.self, atIndex: 0),
                  let record = record(from: row, at: 1) else { continue }
            records[CacheID(rawValue: id)] = record
        }
        return records
    }

    /// The record in `row`'s columns from `first` on (owner, changed by, changed at); nil
    /// for a value no refresh writes (the server decides then).
    private static func record(from row: GRDB.Row, at first: Int = 0) -> ClubRecord? {
        guard let owner = nullable(String.self, in: row, at: first),
              let changedBy = nullable(String.self, in: row, at: first + 1),
              let changedAt = nullable(Double.self, in: row, at: first + 2) else { return nil }
        return ClubRecord(owner: owner.map(CacheOwner.member) ?? .club, changedBy: changedBy,
                          changedAt: changedAt.map(Date.init(timeIntervalSince1970:)))
    }

    /// The value at `index` in `row`: `.some(nil)` for NULL, nil for a value of another type.
    private static func nullable<Value: DatabaseValueConvertible>(_ type: Value.Type, in row: GRDB.Row,
                                                                  at index: Int) -> Value?? {
        guard let value = try? row.decode(DatabaseValue.self, atIndex: index) else { return nil }
        if value.isNull { return .some(nil) }
        return Value.fromDatabaseValue(value).map { .some($0) }
    }
}
