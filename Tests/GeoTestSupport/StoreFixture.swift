import Foundation
import GeoModel

/// The two kinds of store every shared behaviour is tested against.
package enum StoreKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite
    case postgres

    package var description: String { rawValue }
}

/// A fresh, empty store of one kind for one test: an SQLite file in a temporary
/// directory, or a new database on the test process's PostgreSQL server.
///
/// ``open()`` opens another instance on the same store: another session, as a second
/// process would be.
package final class StoreFixture {
    package let kind: StoreKind
    /// Where the store is; the fixture's directory serves the test's other files too.
    package let location: StoreLocation
    package let directory: TemporaryDirectory

    /// The first instance on the store, opened when the fixture is made.
    package private(set) var store: any CacheStore

    package init(_ kind: StoreKind = .sqlite) throws {
        self.kind = kind
        directory = try TemporaryDirectory()
        switch kind {
        case .sqlite: location = .file(directory.file().path, createsDirectories: false)
        case .postgres: location = .server(try PostgresTestServer.shared().makeDatabase())
        }
        store = try location.open()
    }

    /// A store of `kind` holding two caches, ``Samples/oak`` then ``Samples/bridge``:
    /// what the command tests import into, export from and expect unchanged.
    package static func seeded(_ kind: StoreKind = .sqlite) throws -> StoreFixture {
        let fixture = try StoreFixture(kind)
        try fixture.store.add(Samples.oak)
        try fixture.store.add(Samples.bridge)
        return fixture
    }

    deinit { directory.remove() }

    /// A new instance on the store: another session.
    package func open() throws -> any CacheStore {
        try location.open()
    }

    /// A cache list on a new instance of the store, after saving `caches` into it.
    package func list(holding caches: [GeoCache] = []) throws -> CacheList {
        let store = try open()
        if !caches.isEmpty { try store.saveCaches(caches) }
        return try CacheList(store: store)
    }

    /// Writes `bytes` to a file in the fixture's directory and returns its path.
    package func write(_ bytes: [UInt8], to name: String) throws -> String {
        let url = directory.file(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// Writes `text` as UTF-8 to a file in the fixture's directory and returns its path.
    package func write(_ text: String, to name: String) throws -> String {
        try write(Array(text.utf8), to: name)
    }

    /// The SQLite store's file (an SQLite fixture only).
    package var fileURL: URL {
        guard case .file(let path, _) = location else { preconditionFailure("not an SQLite fixture") }
        return URL(fileURLWithPath: path)
    }

    /// The `--store` value that names this store on a command line.
    package var storeArgument: String {
        switch location {
        case .file(let path, _): path
        case .server(let url): url
        }
    }
}
