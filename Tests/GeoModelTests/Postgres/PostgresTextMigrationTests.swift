import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// A club store of schema version 3, whose fields are `bytea`, built with that version's
/// own statements and holding rows given as bytes: what an older geocache-tui, or
/// another program writing to its tables, left behind.
enum VersionThreeStore {
    /// One row's four fields and search text, as bytes.
    struct Row {
        var title: [UInt8], details: [UInt8], creator: [UInt8], reward: [UInt8], searchText: [UInt8]

        /// The row an older geocache-tui wrote for `cache`.
        init(_ cache: GeoCache) {
            self.init(title: Array(cache.title.utf8), details: Array(cache.details.utf8), creator: Array(cache.creator.utf8),
                      reward: Array(cache.reward.utf8), searchText: Array(SearchFolding.searchText(for: cache).utf8))
        }

        init(title: [UInt8], details: [UInt8], creator: [UInt8], reward: [UInt8], searchText: [UInt8]) {
            (self.title, self.details, self.creator, self.reward, self.searchText) = (title, details, creator, reward, searchText)
        }
    }

    /// Sets up schema version 3 on the empty database `url` and stores `rows` (codes
    /// `GCV1`, `GCV2`, … in order) and, for each of `drafts`, a draft row of those bytes.
    static func fill(_ url: String, rows: [Row], drafts: [[UInt8]] = []) throws {
        let connection = try PostgresConnection(url)
        defer { connection.close() }
        for (index, migration) in PostgresStore.migrations.prefix(3).enumerated() {
            for statement in migration { try connection.query(statement) }
            try connection.query("INSERT INTO geocache_schema (version) VALUES ($1)", [.int(index + 1)])
        }
        for (index, row) in rows.enumerated() {
            try connection.query("""
                INSERT INTO geocache (title, details, creator, reward, search_text, code) VALUES ($1, $2, $3, $4, $5, $6)
                """, [.bytea(row.title), .bytea(row.details), .bytea(row.creator), .bytea(row.reward), .bytea(row.searchText),
                      .text("GCV\(index + 1)")])
        }
        for draft in drafts {
            try connection.query("INSERT INTO geocache_form_draft (content) VALUES ($1)", [.bytea(draft)])
        }
    }

    /// A new database holding `rows` (and `drafts`) in schema version 3, and its URL.
    static func make(rows: [Row], drafts: [[UInt8]] = []) throws -> String {
        let url = try PostgresTestServer.shared().makeDatabase(settingUp: false)
        try fill(url, rows: rows, drafts: drafts)
        return url
    }
}

/// Schema version 4: the club store's fields become `text`, so SQL reads them, with the
/// same answers to search, counts and duplicates, and nothing lost of a row whose bytes
/// are not UTF-8 or hold NUL.
@Suite("Migrating a PostgreSQL store to text columns")
struct PostgresTextMigrationTests {
    /// Ordinary caches and caches with Unicode (all UTF-8 without NUL), one of them twice.
    private let caches = [Samples.oak, Samples.bridge] + Samples.awkwardStrings.filter { !$0.utf8.contains(0) }.map {
        GeoCache(title: $0, details: "d " + $0, creator: "Zoë", reward: "🪙")
    } + [Samples.oak]

    /// "f", the byte 0xFF, "o": not UTF-8.
    private let invalidTitle: [UInt8] = [0x66, 0xFF, 0x6F]
    /// "a", NUL, "b", then a three-byte sequence cut short (0xE2 0x82) before "c".
    private let nulAndCutDetails: [UInt8] = [0x61, 0x00, 0x62, 0xE2, 0x82, 0x63]

    /// A row of readable fields whose title is ``invalidTitle`` and details ``nulAndCutDetails``.
    private var damagedRow: VersionThreeStore.Row {
        var row = VersionThreeStore.Row(Samples.mill)
        row.title = invalidTitle
        row.details = nulAndCutDetails
        return row
    }

    private func query(_ url: String, _ sql: String, _ parameters: [PostgresValue] = []) throws -> [PostgresRow] {
        let connection = try PostgresConnection(url)
        defer { connection.close() }
        return try connection.query(sql, parameters).rows
    }

    @Test("SQL reads the titles of a migrated store as text")
    func sqlReadsTitlesAsText() throws {
        let url = try VersionThreeStore.make(rows: caches.map(VersionThreeStore.Row.init))
        _ = try PostgresStore(url: url)
        let rows = try query(url, "SELECT title, pg_typeof(title)::text, pg_typeof(search_text)::text FROM geocache ORDER BY id")
        #expect(rows.map { $0.string(0) } == caches.map(\.title))
        #expect(rows.allSatisfy { $0.string(1) == "text" && $0.string(2) == "text" })
    }

    @Test("search, count and duplicates answer after the migration as before it")
    func searchCountAndDuplicatesAnswerAsBefore() throws {
        let url = try VersionThreeStore.make(rows: caches.map(VersionThreeStore.Row.init))
        let searches = ["oak", "ZOË", "tree", "🪙", "\"", "nothing like it"]
        func oldMatches(_ text: String) throws -> [Int] {
            try query(url, "SELECT id FROM geocache WHERE position($1::bytea IN search_text) > 0 ORDER BY id",
                      [.utf8(SearchFolding.folded(text))]).compactMap { $0.int(0) }
        }
        let before = try searches.map(oldMatches)
        let hashesBefore = try query(url, "SELECT content_hash FROM geocache ORDER BY id").map { $0[0] }
        let store = try PostgresStore(url: url)
        #expect(try searches.map { try store.matchIDs($0).map { Int($0.rawValue) } } == before)
        #expect(try store.count() == caches.count)
        #expect(try query(url, "SELECT content_hash FROM geocache ORDER BY id").map { $0[0] } == hashesBefore)
        #expect(try caches.allSatisfy(store.contains))
        #expect(try store.add(Samples.oak).cache.title == Samples.oak.title)
        #expect(try store.importCaches(from: [.bytes(Array(JSONInterchange.document(for: [Samples.bridge]).utf8), name: "b")])
            .duplicates == 1)
    }

    @Test("bytes that are not UTF-8, and NUL, read as U+FFFD and their originals are kept")
    func damagedBytesAreKept() throws {
        let url = try VersionThreeStore.make(rows: [VersionThreeStore.Row(Samples.oak), damagedRow])
        let store = try PostgresStore(url: url)
        let loaded = try store.loadCaches()
        #expect(loaded.map(\.title) == ["Old Oak", "f\u{FFFD}o"])
        #expect(loaded.last?.details == "a\u{FFFD}b\u{FFFD}c")
        #expect(loaded.last?.details == String(decoding: nulAndCutDetails, as: UTF8.self).replacingOccurrences(of: "\0", with: "\u{FFFD}"))
        let kept = try query(url, """
            SELECT source_table, source_id, source_column, original FROM geocache_unconverted ORDER BY id
            """)
        #expect(kept.map { [$0.string(0), $0.int(1).map(String.init), $0.string(2)] }
                == [["geocache", "2", "title"], ["geocache", "2", "details"]])
        #expect(kept.map { $0[3] } == [invalidTitle, nulAndCutDetails])
        #expect(try store.count() == 2)
    }

    @Test("a migrated row that was not UTF-8 is found by the rest of its fields")
    func aDamagedRowIsFoundByItsOtherFields() throws {
        let url = try VersionThreeStore.make(rows: [VersionThreeStore.Row(Samples.oak), damagedRow])
        let store = try PostgresStore(url: url)
        #expect(try store.matchIDs("wheel").map(\.rawValue) == [2])
        #expect(try store.cache(withCode: "GCV2")?.cache.creator == Samples.mill.creator)
    }

    @Test("a store whose bytes are all UTF-8 keeps nothing aside and no helper of the migration")
    func aCleanStoreKeepsNothingAside() throws {
        let url = try VersionThreeStore.make(rows: caches.map(VersionThreeStore.Row.init))
        _ = try PostgresStore(url: url)
        #expect(try query(url, "SELECT count(*) FROM geocache_unconverted").first?.int(0) == 0)
        let functions = try query(url, """
            SELECT string_agg(proname, ',' ORDER BY proname) FROM pg_proc WHERE proname LIKE 'geocache%'
            """).first?.string(0)
        // The migration's helpers are gone; the club's rules (versions 6 and 11) add theirs.
        #expect(functions == "geocache_announce,geocache_count_rows,geocache_guard,geocache_keeps,geocache_member,"
                + "geocache_utf8_bytes")
    }

    @Test("drafts are migrated to jsonb, and one that is not JSON is kept aside")
    func draftsAreMigrated() throws {
        let draft = FormDraft(fields: [.title: "Half\ttyped \u{0}", .reward: "🧭"])
        let url = try VersionThreeStore.make(rows: [], drafts: [draft.encoded(), [0x7B, 0xFF, 0x00]])
        let store = try PostgresStore(url: url)
        #expect(try store.keptDrafts() == [draft])
        #expect(try query(url, "SELECT pg_typeof(content)::text FROM geocache_form_draft LIMIT 1").first?.string(0) == "jsonb")
        let kept = try query(url, "SELECT source_table, source_column, original FROM geocache_unconverted")
        #expect(kept.map { [$0.string(0), $0.string(1)] } == [["geocache_form_draft", "content"]])
        #expect(kept.first?[2] == [0x7B, 0xFF, 0x00])
    }

    @Test("an import carries quotes, backslashes, braces, commas and the word NULL into the text columns exactly")
    func anImportCarriesArraySyntaxExactly() throws {
        let store = try PostgresStore(url: try PostgresTestServer.shared().makeDatabase())
        let awkward = [
            GeoCache(title: "NULL", details: "{a,b}", creator: "\"quoted\"", reward: "back\\slash\\"),
            GeoCache(title: "  spaced  ", details: "line\nbreak\ttab", creator: "東京, \u{1F}", reward: "}{\\\""),
        ]
        let input = ImportSource.bytes(Array(JSONInterchange.document(for: awkward).utf8), name: "awkward.json")
        #expect(try store.importCaches(from: [input]).added == 2)
        #expect(try store.loadCaches().withoutCodes == awkward)
    }

    @Test("a database not in UTF-8 is refused with a message saying so, and left empty")
    func aDatabaseNotInUTF8IsRefused() throws {
        let server = try PostgresTestServer.shared()
        let name = "geo_latin1_\(getpid())_\(UInt32.random(in: 0...UInt32.max))"
        try server.superuser("CREATE DATABASE \(name) ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0")
        let error = try #require(throws: StoreError.self) { try PostgresStore(url: server.uri(database: name)) }
        #expect(error.description.contains("the database's encoding is LATIN1, and geocache-tui stores text in UTF8"))
        #expect(try server.superuser("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'", database: name)
            .rows.first?.int(0) == 0)
    }

    @Test("a migrated store takes, edits and finds caches with Unicode")
    func aMigratedStoreWorks() throws {
        let url = try VersionThreeStore.make(rows: [VersionThreeStore.Row(Samples.oak)])
        let store = try PostgresStore(url: url)
        let added = try store.add(GeoCache(title: "Straße 東京", details: "\"quoted\" \\ back", creator: "é", reward: "🪙"))
        var edited = added.cache
        edited.details = "new {braces}, \"quotes\""
        _ = try store.update(added, to: edited)
        #expect(try store.find("東京").map(\.cache) == [edited])
        #expect(try query(url, "SELECT details FROM geocache WHERE title = 'Straße 東京'").first?.string(0) == edited.details)
    }
}
