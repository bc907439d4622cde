import GeoModel

/// A club store (a new database on the shared test server) holding `cache`, whose
/// caches' table another session holds locked against every reader (an admin's `LOCK
/// TABLE`) until `body` returns: an opening of it waits that lock out. `body` gets the
/// store's URL and the session holding the lock (a `ROLLBACK` on it lets the lock go).
package func withLockedClubStore(holding cache: GeoCache,
                                 _ body: (_ url: String, _ holder: PostgresConnection) throws -> Void) throws {
    let url = try PostgresTestServer.shared().makeDatabase()
    try PostgresStore(url: url).add(cache)
    let holder = try PostgresConnection(url)
    defer { holder.close() }
    try holder.query("BEGIN")
    try holder.query("LOCK TABLE geocache IN ACCESS EXCLUSIVE MODE")
    defer { _ = try? holder.query("ROLLBACK") }
    try body(url, holder)
}
