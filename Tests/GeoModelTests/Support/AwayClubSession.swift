@testable import GeoModel
import GeoTestSupport

/// A write session on a club store whose server refuses every connection (nothing
/// listens on port 1), its field-mode files in a directory of the test's own.
enum AwayClubSession {
    /// The club store's URL.
    static let url = "postgres://geo@127.0.0.1:1/club?connect_timeout=2"

    /// Why the server cannot be reached.
    static let unreachable = StoreError.connectionLost(server: url, reason: "refused")

    /// A session that keeps its writes on this machine, in `directory` (`XDG_DATA_HOME`).
    static func make(in directory: TemporaryDirectory) -> WriteSession {
        let files = FieldFiles(serverURL: url, environment: ["XDG_DATA_HOME": directory.url.path])
        return WriteSession(store: nil, location: .server(url), files: files, unreachable: unreachable)
    }
}
