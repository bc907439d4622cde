import Foundation
import GeoModel

/// A club store on the shared test server reached through a ``FaultRelay`` (which a test
/// slows down, stalls or cuts), a data directory of this machine's own, and an outbox
/// there holding kept adds: what a delivery over a bad link starts from, for the model's
/// suites, the controller's and the binary's alike. The schema is made through the relay
/// before any fault, so the round trips a test holds are the delivery's.
package final class ClubWithKeptAdds: @unchecked Sendable {
    /// The database, reached directly.
    package let url: String
    /// The relay between this machine and the server.
    package let relay: FaultRelay
    /// The database, reached through the relay: the URL this machine's files are keyed by.
    package let relayed: String
    /// This machine's data directory.
    package let data: TemporaryDirectory
    /// The environment that puts the data directory (and the home directory) there.
    package let environment: [String: String]
    /// This machine's files of the club store.
    package let files: FieldFiles
    /// The outbox, holding the adds.
    package let outbox: Outbox

    /// The club store, its relay, and an outbox holding `caches` as adds, in order;
    /// `parameters` are added to the relayed URL (`connect_timeout=30`).
    package init(keeping caches: [GeoCache], parameters: String = "") throws {
        let server = try PostgresTestServer.shared()
        url = try server.makeDatabase()
        relay = try FaultRelay(to: server.port)
        relayed = relay.url(through: url, parameters: parameters)
        _ = try PostgresStore(url: relayed, purpose: .command).count()
        data = try TemporaryDirectory()
        environment = ["XDG_DATA_HOME": data.url.path, "HOME": data.url.path]
        files = FieldFiles(serverURL: relayed, environment: environment)
        outbox = try Outbox(files: files)
        for cache in caches { try outbox.queueAdd(cache) }
    }

    deinit { data.remove() }

    /// Whether the first change kept is being sent (a delivery reached it), as the outbox
    /// on disk says.
    package var firstChangeIsBeingSent: Bool {
        (try? outbox.changes().first?.mayBeStored) == true
    }

    /// The titles of the caches on the server, read directly, in the order stored.
    package func titlesOnTheServer() throws -> [String] {
        try PostgresStore(url: url, purpose: .command).loadCaches().map(\.title)
    }
}
