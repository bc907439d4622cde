import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// The club database's identity (schema version 16): made with the schema, read by every
/// session with the schema's check, and compared again whenever a lost connection is
/// made again, so that a database dropped and created anew under the same URL is never
/// written as if it were the one the store opened.
@Suite struct PostgresClubIdentityTests {
    /// A store that added a cache to a club database, which was then dropped (ending the
    /// store's connection) and created anew under the same URL, as a club set up again.
    private static func storeOfADatabaseCreatedAnew() throws -> (PostgresTestServer, String, PostgresStore) {
        let server = try PostgresTestServer.shared()
        let url = try server.makeDatabase()
        let store = try PostgresStore(url: url)
        try store.add(Samples.oak)
        let name = String(url.split(separator: "/").last ?? "")
        try server.superuser("DROP DATABASE \(name) WITH (FORCE)")
        try server.superuser("CREATE DATABASE \(name)")
        _ = try PostgresStore(url: url, purpose: .command).setUpClub()
        return (server, url, store)
    }

    @Test("a club database set up anew gets an identity of its own")
    func aDatabaseSetUpAnewGetsAnIdentityOfItsOwn() throws {
        let server = try PostgresTestServer.shared()
        let first = try PostgresStore(url: try server.makeDatabase(), purpose: .command).readClubIdentity()
        let second = try PostgresStore(url: try server.makeDatabase(), purpose: .command).readClubIdentity()
        #expect(first != nil)
        #expect(second != nil)
        #expect(first != second)
    }

    @Test("a store whose connection comes back to a database created anew in its place refuses to use it")
    func aStoreReconnectedToADatabaseCreatedAnewRefusesIt() throws {
        let (_, url, store) = try Self.storeOfADatabaseCreatedAnew()
        var refusal: StoreError?
        _ = waitUntil(timeout: .seconds(20), polling: .milliseconds(100)) {
            do {
                _ = try store.hasChangedExternally()
                _ = try store.count()
            } catch let error as StoreError where error.meansAnotherClub {
                refusal = error
                return true
            } catch {}
            return false
        }
        #expect(refusal == .anotherClub(server: store.name, kept: nil))
        #expect(throws: StoreError.anotherClub(server: store.name, kept: nil)) { try store.add(Samples.bridge) }
        #expect(try PostgresStore(url: url, purpose: .command).count() == 0)
    }

    @Test("a lost write looked up after the database was created anew is refused as another club's, not settled as not stored")
    func aLostWriteLookedUpOnADatabaseCreatedAnewIsRefused() throws {
        let (server, url, store) = try Self.storeOfADatabaseCreatedAnew()
        // The first lookup may meet the connection the drop ended: its outcome is then unknown.
        var answer: Result<WriteOutcome, StoreError>?
        _ = waitUntil(timeout: .seconds(20), polling: .milliseconds(100)) {
            do {
                answer = .success(try store.settleWrite(WriteID()))
            } catch let error as StoreError {
                if case .outcomeUnknown = error { return false }
                answer = .failure(error)
            } catch {
                return false
            }
            return true
        }
        #expect(answer == .failure(.anotherClub(server: store.name, kept: nil)))
        let name = String(url.split(separator: "/").last ?? "")
        let ledger = try server.superuser("SELECT count(*)::text FROM geocache_write", database: name)
        #expect(ledger.rows.first?.string(0) == "0")
    }
}
