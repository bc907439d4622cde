/// Who holds the lock appends take (``PostgresStore/appendLock``), for the message of
/// an append that waited for it too long.
extension PostgresStore {
    /// The session holding the append lock on this database, as the server reports
    /// it (`pg_locks` and `pg_stat_activity`): "psql of ana from 10.0.0.5, server
    /// process 4242"; else a session holding a lock on the caches' table that keeps
    /// writers out (a `LOCK TABLE` left open in psql); nil when no other session holds
    /// either any more. A one-key advisory lock is listed with the key's high half as
    /// `classid`, its low half as `objid`.
    static func appendLockHolder(on connection: PostgresConnection) throws -> String? {
        let rows = try connection.query("""
            SELECT a.application_name, a.usename, host(a.client_addr), a.pid
            FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
            WHERE l.granted AND a.pid <> pg_backend_pid()
              AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
              AND ((l.locktype = 'advisory' AND l.classid = $1 AND l.objid = $2 AND l.objsubid = 1)
                   OR (l.locktype = 'relation' AND l.relation = 'geocache'::regclass
                       AND l.mode IN ('ShareLock', 'ShareRowExclusiveLock', 'ExclusiveLock', 'AccessExclusiveLock')))
            ORDER BY l.locktype = 'advisory' DESC
            LIMIT 1
            """, [.int(appendLock >> 32), .int(appendLock & 0xFFFF_FFFF)]).rows
        guard let row = rows.first else { return nil }
        let program = row.string(0).flatMap { $0.isEmpty ? nil : $0 } ?? "a session"
        let user = row.string(1).map { " of \($0)" } ?? ""
        let place = row.string(2).map { " from \($0)" } ?? " on the server's host"
        let pid = row.int(3).map { ", server process \($0)" } ?? ""
        return program + user + place + pid
    }
}
