import Foundation

/// Schema version 16: the club database's identity, so that this machine's copy and
/// kept changes are never taken to (or replaced from) another club database that
/// answers at the same URL: one re-created empty, or another server started on the
/// same host and port.
///
/// The identity is a random UUID in a column of `geocache_club`, the club's one row,
/// which every member reads (no row-level security on it; `SELECT` granted with the
/// club's rules). It is made with the schema, or by the upgrade of an older store (the
/// first connection of the tables' owner, who alone may upgrade), so a database copied
/// with `pg_dump` and restored keeps it, and a club set up anew gets a new one.
///
/// A store reads it with the schema's check (``standingRead``); a connection made again
/// afterwards checks the schema again, and one that reads another identity than the
/// store's first fails with ``StoreError/anotherClub(server:kept:)``: nothing more is
/// sent there. What this machine keeps is compared by ``FieldFiles/checkClub(of:_:)``.
extension PostgresStore {
    /// The statements of schema version 16: each existing row (there is one) draws its own UUID.
    static let clubIdentityMigration: [String] = [
        "ALTER TABLE geocache_club ADD COLUMN IF NOT EXISTS club_id uuid NOT NULL DEFAULT gen_random_uuid()",
    ]

    /// Takes `read`, the identity a schema check read: the store's from then on, or
    /// ``StoreError/anotherClub(server:kept:)`` when the store knew another one (the
    /// database behind the URL changed since this store, or the store it was opened
    /// again from, first read it).
    func noteClubIdentity(_ read: String?) throws {
        guard let read else { return }
        if let known = clubIdentity, known != read { throw StoreError.anotherClub(server: name, kept: nil) }
        clubIdentity = read
    }

    /// The club database's identity, read with the schema's check when it was not
    /// checked yet (a command sends nothing before its first statement: this is then a
    /// round trip of its own); nil for a store that has none (never, once opened).
    public func readClubIdentity() throws -> String? {
        if !schemaChecked || clubIdentity == nil { try run { _ in () } }
        return clubIdentity
    }

    /// Checks that `connection`, made apart from the store's own (to settle a write
    /// whose reply was lost), reached the club database the store first read: one that
    /// has another identity, or none (not a club's, or an older one), is
    /// ``StoreError/anotherClub(server:kept:)``, so that nothing is asked or written there.
    func checkSameClub(on connection: PostgresConnection, timeout: TimeInterval) throws {
        guard let known = clubIdentity else { return }
        let read: String?
        do {
            read = try connection.query("SELECT club_id::text FROM geocache_club", timeout: timeout).rows.first?.string(0)
        } catch let error as PostgresError where error.kind == .queryFailed {
            read = nil   // no such table or column: not this club's database
        }
        if read != known { throw StoreError.anotherClub(server: name, kept: nil) }
    }
}
