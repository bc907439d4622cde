import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// U+0000 on the club store: PostgreSQL text cannot hold it, so a cache holding it in a
/// field is refused, before anything is sent, by add, edit and import (through the model
/// and through the binary), with a message naming the cache and the field, and the
/// store is left as it was. The SQLite store keeps accepting it (its own tests).
@Suite("NUL on the PostgreSQL store")
struct PostgresNULTests {
    /// The oak with NUL in its details.
    private let nulDetails = GeoCache(title: "Old Oak", details: "Behind\u{0}the tree", creator: "ana", reward: "Travel bug")

    /// A new store holding ``Samples/bridge``.
    private func seededStore() throws -> PostgresStore {
        let store = try PostgresStore(url: try PostgresTestServer.shared().makeDatabase())
        try store.add(Samples.bridge)
        return store
    }

    @Test("an add of a cache holding NUL is refused naming the cache and the field, and stores nothing")
    func anAddIsRefused() throws {
        let store = try seededStore()
        #expect(throws: StoreError.nulCharacter(path: store.name, cache: "\"Old Oak\"", field: "details")) {
            try store.add(nulDetails)
        }
        #expect(try store.loadCaches().withoutCodes == [Samples.bridge])
    }

    @Test("the message names the field and the cache, and says nothing was stored")
    func theMessageSaysWhatAndWhere() throws {
        let error = StoreError.nulCharacter(path: "db:5432/club", cache: "\"Old Oak\"", field: "details")
        #expect(error.description == "db:5432/club: \"Old Oak\" holds the character U+0000 (NUL) in its details, which "
            + "PostgreSQL text cannot hold; nothing was stored. Remove it and try again, or keep such caches in an SQLite store.")
    }

    @Test("a title holding NUL is named with the NUL written out, never sent to the terminal")
    func aTitleHoldingNULIsNamedSafely() throws {
        let store = try seededStore()
        let cache = GeoCache(title: "Nul\u{0}in \u{1B}[2J", details: "d", creator: "c", reward: "r")
        #expect(throws: StoreError.nulCharacter(path: store.name, cache: "\"Nul\\u{0}in \\u{1B}[2J\"", field: "title")) {
            try store.add(cache)
        }
    }

    @Test("an edit to a version holding NUL is refused and the stored cache is unchanged")
    func anEditIsRefused() throws {
        let store = try seededStore()
        let stored = try #require(try store.first())
        var edited = stored.cache
        edited.reward = "Coin\u{0}"
        #expect(throws: StoreError.nulCharacter(path: store.name, cache: "\"Bridge\"", field: "reward")) {
            try store.update(stored, to: edited)
        }
        #expect(try store.first() == stored)
    }

    @Test("a replacement of every cache with one holding NUL replaces nothing")
    func aReplacementIsRefused() throws {
        let store = try seededStore()
        #expect(throws: StoreError.self) { try store.saveCaches([Samples.oak, nulDetails]) }
        #expect(try store.loadCaches().withoutCodes == [Samples.bridge])
    }

    @Test("an import with a record holding NUL stores nothing and names the record and the field")
    func anImportIsRefusedWhole() throws {
        let store = try seededStore()
        let input = ImportSource.bytes(Array(JSONInterchange.document(for: [Samples.oak, nulDetails, Samples.mill]).utf8),
                                       name: "caches.json")
        let error = try #require(throws: ImportError.self) { try store.importCaches(from: [input]) }
        #expect(error.description.contains("caches.json"))
        #expect(error.description.contains("U+0000 (NUL) in the details"))
        #expect(try store.loadCaches().withoutCodes == [Samples.bridge])
    }

    @Test("an import with --skip-invalid skips a record holding NUL and counts it as rejected")
    func anImportSkipsTheRecord() throws {
        let store = try seededStore()
        let input = ImportSource.bytes(Array(JSONInterchange.document(for: [Samples.oak, nulDetails, Samples.mill]).utf8),
                                       name: "caches.json")
        let report = try store.importCaches(from: [input], skipInvalid: true)
        #expect(report.added == 2)
        #expect(report.rejected == 1)
        #expect(report.rejections.first?.reason == "U+0000 (NUL) in the details: a PostgreSQL store cannot hold that character")
        #expect(try store.loadCaches().withoutCodes == [Samples.bridge, Samples.oak, Samples.mill])
    }

    @Test("a search for text holding NUL finds nothing and sends nothing the server refuses")
    func aSearchForNULFindsNothing() throws {
        let store = try seededStore()
        #expect(try store.find("Bri\u{0}dge").isEmpty)
        #expect(try store.matchIDs("\u{0}").isEmpty)
        #expect(try store.contains(nulDetails) == false)
    }

    @Test("a draft keeps NUL on the club store: its texts are base64 in its JSON")
    func aDraftKeepsNUL() throws {
        let store = try seededStore()
        let draft = FormDraft(fields: [.details: "Behind\u{0}the tree"])
        try store.leaveDraft(draft)
        #expect(try store.keptDrafts() == [draft])
    }

    @Test("import from standard input through the binary refuses a record holding NUL, naming it, and stores nothing")
    func theBinaryRefusesNULFromStandardInput() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        try PostgresStore(url: url).add(Samples.bridge)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("nul.json")
        try Data(#"[{"title": "Old Oak", "details": "Behind\u0000the tree", "creator": "ana", "reward": "Travel bug"}]"#.utf8)
            .write(to: file)
        let result = try GeocacheTUIBinary.runTool("/bin/sh", ["-c", #""$BIN" import --store "$STORE" - < "$FILE""#],
                                                   environment: ["BIN": GeocacheTUIBinary.url.path, "STORE": url, "FILE": file.path])
        #expect(result.status != 0)
        #expect(result.error.contains("<stdin>"))
        #expect(result.error.contains("U+0000 (NUL) in the details"))
        #expect(try PostgresStore(url: url).loadCaches().withoutCodes == [Samples.bridge])
    }
}
