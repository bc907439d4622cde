import GRDB
import GRDBSQLite

/// The import's statements per cache, on SQLite's own API.
///
/// A cache with a code is looked up by it (the unique index on the code, which also
/// finds one stored earlier in the same import): found, it is updated to
/// ``GeoCache/updated(byImporting:coverage:)`` when that changes it (or only its
/// listing's age), or left as it is, and counted once per cache by ``tally``;
/// not found, it is inserted with its code. A cache without a code is looked up by its
/// four fields (``SQLiteStore/containsCacheSQL``: by its ``ContentDigest``, then the
/// fields), also among those stored earlier in the same import, and inserted with a
/// new code when there is none. An insert stores the digest, the ``SearchFoldPatch``,
/// the place and the listing's bytes (``ListingEncoding``, encoded once).
///
/// Each field is bound as TEXT with its byte length, so a NUL inside it is kept, as
/// ``SQLiteStore/textArgument(_:)`` keeps it through GRDB, from the bytes
/// ``ImportInsertBatch`` holds (16 rows go in one statement). Binding through GRDB's
/// `StatementArguments` (an array of existentials, a NUL check per field and dynamic
/// casts) cost more than SQLite's own work for a row (docs/performance.md).
final class ImportRowWriter {
    /// ``SQLiteStore/insertCacheSQL`` with `OR ROLLBACK`: a constraint that fails ends
    /// the whole import's transaction (which would be refused anyway), so SQLite need not
    /// keep a statement journal for each insert, which a trigger otherwise makes it
    /// write, a large share of an import's work per cache. (One
    /// `INSERT ... SELECT ... WHERE NOT EXISTS` instead of two statements cost more: an
    /// insert that reads its own table goes through a temporary table.)
    static let insertSQL = SQLiteStore.insertCacheSQL.replacingOccurrences(of: "INSERT INTO", with: "INSERT OR ROLLBACK INTO")

    let database: Database
    private let exists: Statement
    /// The inserts, 16 rows a statement; flushed before the table is read.
    let inserts: ImportInsertBatch
    private let byCode: Statement
    /// Reads every page of the schema table (see ``keepSchemaPagesWarm()``).
    private let schemaPages: Statement
    private let update: Statement
    /// Remembers how the import's words fold: descriptions repeat theirs.
    private var patches = SearchFoldPatch.Builder()

    /// The digests of every cache stored (before and during the import) while there
    /// are at most ``digestLimit``: a cache whose digest is not among them cannot be a
    /// duplicate, so its lookup is skipped (nearly every cache of an import). Past the
    /// limit it is dropped and every cache is looked up, so memory stays bounded
    /// (about 16 bytes a digest).
    private var digests: HashKeySet?
    static let digestLimit = 1_000_000
    /// The same for the codes stored, by a 64-bit hash of each (``codeHash(_:)``): a
    /// code whose hash is not among them is not stored, so its lookup is skipped (the
    /// lookup of every new cache's code was an eighth of an import's work); nil past
    /// ``digestLimit``.
    private var codeHashes: HashKeySet?

    /// The counter trigger's own SQL while the import has it dropped.
    private let counterTrigger: String?
    /// The place index's insert trigger's own SQL while the import has it dropped.
    private let placeTrigger: String?
    private var added = 0
    /// The SQL of the code and digest indexes while the import has them dropped
    /// (``deferIndexes(importing:stored:)``); empty when it has not.
    var droppedIndexes: [String] = []
    /// The largest row id before the import: a row with a larger one is the import's.
    private let lastIDBefore: Int64
    /// The stored caches the import named, counted by what it did to each.
    var tally = StoredCacheTally()
    /// The stored cache the last records named, as they made it, written when a record
    /// names another or the table is read (``releaseHeld()``).
    var held: HeldCache?

    /// Prepares the statements on `database`, inside the import's transaction.
    ///
    /// The trigger that counts each inserted row and the one that places it are dropped
    /// for the import and made again from their own SQL by ``finish()``, which adds the
    /// import's count once and places its caches in one statement. Both
    /// happen inside the import's transaction: no other connection ever sees the
    /// table without its trigger, and a rollback (an error, Ctrl-C, a kill) brings the
    /// trigger back with everything else. Running it for every row was a large share
    /// of SQLite's work per cache (docs/performance.md has the figures).
    ///
    /// An import of `count` caches, more than are stored, also drops the code and digest
    /// indexes while it inserts (``deferIndexes(importing:stored:)``).
    init(_ database: Database, importing count: Int = 0) throws {
        self.database = database
        counterTrigger = try String.fetchOne(
            database, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'cache_counted_on_insert'")
        if counterTrigger != nil { try database.execute(sql: "DROP TRIGGER cache_counted_on_insert") }
        placeTrigger = try String.fetchOne(
            database, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'cache_placed_on_insert'")
        if placeTrigger != nil { try database.execute(sql: "DROP TRIGGER cache_placed_on_insert") }
        exists = try database.makeStatement(sql: SQLiteStore.containsCacheSQL)
        inserts = try ImportInsertBatch(database, sql: Self.insertSQL)
        byCode = try database.makeStatement(sql: "SELECT \(SQLiteStore.cacheColumns) FROM cache WHERE code = ?")
        schemaPages = try database.makeStatement(sql: "SELECT count(*) FROM sqlite_master")
        update = try database.makeStatement(sql: "UPDATE cache SET \(SQLiteStore.versionAssignments) WHERE id = ?")
        lastIDBefore = try Int64.fetchOne(database, sql: "SELECT max(id) FROM cache") ?? 0
        // The store's rows all have their digest: the import completed any pending ones.
        let stored = try Int.fetchOne(database, sql: "SELECT value FROM cache_count") ?? 0
        if stored <= Self.digestLimit {
            var known = HashKeySet(minimumCapacity: stored)
            var codes = HashKeySet(minimumCapacity: stored)
            let rows = try database.makeStatement(sql: "SELECT content_hash, code FROM cache")
            let cursor = try Row.fetchCursor(rows)
            let row = rows.sqliteStatement
            while try cursor.next() != nil {
                if sqlite3_column_type(row, 0) != SQLITE_NULL { known.insert(UInt64(bitPattern: sqlite3_column_int64(row, 0))) }
                if let text = sqlite3_column_text(row, 1) {
                    codes.insert(Self.codeHash(UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(row, 1)))))
                }
            }
            digests = known
            codeHashes = codes
            try deferIndexes(importing: count, stored: stored)
        }
    }

    /// FNV-1a of a code's UTF-8 bytes.
    static func codeHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    static func codeHash(_ code: String) -> UInt64 {
        var code = code
        return code.withUTF8 { codeHash($0) }
    }

    /// False when no stored cache can have `code` (its hash is not among the stored ones').
    func mayBeStored(_ code: String) -> Bool {
        codeHashes?.contains(Self.codeHash(code)) ?? true
    }

    /// Adds the caches stored to the count and the import's new caches to the place
    /// index, and makes both triggers again; call it once, last, before the import's
    /// transaction commits.
    ///
    /// The place trigger reads the person's own data and writes the R*Tree (a virtual
    /// table) for every row: run per row it was a third of an import's work even for
    /// caches without a place (callgrind). One statement places the import's caches
    /// instead, by the same rule (``SQLiteStore/placesOf(where:replacing:)``), over the
    /// entry of those a later record of the same import updated (the update trigger
    /// placed them by that rule already; asking the R*Tree first whether a cache has an
    /// entry cost more than the placing).
    func finish() throws {
        try readyForLookups()
        try database.execute(sql: "UPDATE cache_count SET value = value + ? WHERE singleton = 1", arguments: [added])
        if let counterTrigger { try database.execute(sql: counterTrigger) }
        if let placeTrigger {
            try database.execute(sql: SQLiteStore.placesOf(where: "c.id > \(lastIDBefore)", replacing: true))
            try database.execute(sql: placeTrigger)
        }
    }

    /// What is stored beside a cache's fields: its ``ContentDigest`` and its
    /// ``SearchFoldPatch``.
    typealias Derived = (digest: Int64, patch: [UInt8]?)

    /// Works out ``Derived`` while the import reads, remembering the words it folded;
    /// one thread calls it, one cache at a time.
    final class Derivation {
        private var patches = SearchFoldPatch.Builder()

        func derived(for cache: GeoCache) -> Derived {
            (ContentDigest.of(cache), patches.patch(for: cache))
        }

        /// `derived` as bytes an ``ImportSpool`` keeps: the digest (8 bytes, little
        /// endian), then a patch's bytes after a 1, or a 0 for none.
        static func encode(_ derived: Derived) -> [UInt8] {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(9 + (derived.patch?.count ?? 0))
            withUnsafeBytes(of: derived.digest.littleEndian) { bytes.append(contentsOf: $0) }
            if let patch = derived.patch {
                bytes.append(1)
                bytes.append(contentsOf: patch)
            } else {
                bytes.append(0)
            }
            return bytes
        }

        /// What ``encode(_:)`` made `bytes` of; nil for bytes it did not make.
        static func decode(_ bytes: [UInt8]) -> Derived? {
            guard bytes.count >= 9 else { return nil }
            let digest = bytes.withUnsafeBytes { Int64(littleEndian: $0.loadUnaligned(as: Int64.self)) }
            return (digest, bytes[8] == 1 ? Array(bytes[9...]) : nil)
        }
    }

    /// What became of one imported cache.
    enum Outcome {
        /// Stored as a new cache.
        case added
        /// Without a code, and identical in its four fields to a stored cache.
        case duplicate
        /// Its code is stored (also by this import), and the stored cache was updated or
        /// left as it was (``tally`` counts it), the record standing against it as
        /// `precedence` says (nil when stored caches are kept).
        case named(precedence: GeoCache.Precedence?)
    }

    /// Stores `cache`, read from a file that says what `coverage` says, by the rules
    /// of the type's description: a stored cache with its code is updated (with
    /// `existing` ``ExistingCaches/update``, or when this import added it) or left
    /// alone, a cache without a code is a duplicate or is added with a new code. `derived`, when given, is what
    /// ``Derivation`` made of it; otherwise it is worked out here. `listing`, when given,
    /// is the ``ListingEncoding`` of its listing (empty for none), stored as it is.
    /// `check` is called as an update merges the logs
    /// (``GeoCache/updated(byImporting:coverage:checking:)``): what it throws (an
    /// interruption) ends the merge, and this call throws it.
    func store(_ cache: GeoCache, coverage: GeoCache.Coverage, existing: ExistingCaches,
               derived: Derived? = nil, listing: [UInt8]? = nil,
               checking check: () throws(ImportError) -> Void = {}) throws -> Outcome {
        if let code = cache.code.flatMap(CacheCode.normalized) {
            if held?.code != code { try releaseHeld() }
            if held == nil, mayBeStored(code), let stored = try storedCache(withCode: code) {
                let isTheImports = stored.id.rawValue > lastIDBefore
                guard existing == .update || isTheImports else {
                    tally.count(code, was: stored.cache, now: stored.cache)
                    return .named(precedence: nil)
                }
                held = HeldCache(stored, code: code)
            }
            if held != nil {
                // Updated where it is held: the records after it that name it too are
                // merged into it there, and it is written once (``releaseHeld()``).
                let precedence = held!.cache.precedence(ofImporting: cache, coverage: coverage)
                try held!.update(byImporting: cache, coverage: coverage, checking: check)
                return .named(precedence: precedence)
            }
            try insert(cache, code: code, derived: derived, listing: listing)
            return .added
        }
        let digest = derived?.digest ?? ContentDigest.of(cache)
        if digests?.contains(UInt64(bitPattern: digest)) ?? true, try isStored(cache, digest: digest) { return .duplicate }
        try insert(cache, code: newCode(), derived: derived, listing: listing)
        return .added
    }

    /// The cache stored under the normalized `code`, also one this import stored.
    func storedCache(withCode code: String) throws -> StoredCache? {
        try readyForLookups()
        let lookup = byCode.sqliteStatement
        defer { sqlite3_reset(lookup) }
        try check(sqlite3_bind_text(lookup, 1, code, -1, Self.transient))
        switch sqlite3_step(lookup) {
        case SQLITE_ROW: return SQLiteStore.storedCache(at: lookup)
        case SQLITE_DONE: return nil
        case let code: throw error(code, sql: byCode.sql)
        }
    }

    /// A code no stored cache has.
    private func newCode() throws -> String {
        try CacheCode.draw { try !mayBeStored($0) || storedCache(withCode: $0) == nil }
    }

    /// True when a cache identical in its four fields to `cache`, whose digest is
    /// `digest`, is stored.
    private func isStored(_ cache: GeoCache, digest: Int64) throws -> Bool {
        try readyForLookups()
        let lookup = exists.sqliteStatement
        defer { sqlite3_reset(lookup) }
        var title = cache.title, details = cache.details, creator = cache.creator, reward = cache.reward
        return try title.withUTF8 { title in
            try details.withUTF8 { details in
                try creator.withUTF8 { creator in
                    try reward.withUTF8 { reward in
                        try check(sqlite3_bind_int64(lookup, 1, digest))
                        for (index, field) in [title, details, creator, reward].enumerated() {
                            try bind(field, at: Int32(index + 2), to: lookup)
                        }
                        guard sqlite3_step(lookup) == SQLITE_ROW else {
                            throw error(sqlite3_errcode(database.sqliteConnection), sql: SQLiteStore.containsCacheSQL)
                        }
                        return sqlite3_column_int(lookup, 0) != 0
                    }
                }
            }
        }
    }

    /// Inserts `cache` under `code`, with its digest, search patch, place and listing
    /// (held in ``inserts`` until its statement is full or the table is read).
    private func insert(_ cache: GeoCache, code: String, derived: Derived?, listing encoded: [UInt8]?) throws {
        let digest = derived?.digest ?? ContentDigest.of(cache)
        let patch: [UInt8]? = if let derived { derived.patch } else { patches.patch(for: cache) }
        let listing = if let encoded { encoded.isEmpty ? nil : encoded } else { ListingEncoding.encode(cache.listing) }
        let place = cache.coordinate.map { (Int64($0.latitudeMicrodegrees), Int64($0.longitudeMicrodegrees)) }
        var title = cache.title, details = cache.details, creator = cache.creator, reward = cache.reward
        var code = code
        try title.withUTF8 { title in
            try details.withUTF8 { details in
                try creator.withUTF8 { creator in
                    try reward.withUTF8 { reward in
                        try code.withUTF8 { code in
                            try inserts.add(title: title, details: details, creator: creator, reward: reward,
                                            code: code, digest: digest, patch: patch, listing: listing, place: place)
                        }
                    }
                }
            }
        }
        added += 1
        if added % Self.schemaWarmthInterval == 0 { try keepSchemaPagesWarm() }
        remember(digest)
        if codeHashes != nil {
            codeHashes!.insert(Self.codeHash(code))
            if codeHashes!.count > Self.digestLimit { codeHashes = nil }
        }
    }

    /// Writes `cache` over the row `id` (found by its code in this transaction).
    func write(_ cache: GeoCache, over id: CacheID) throws {
        try inserts.flush()
        try update.execute(arguments: SQLiteStore.versionValues(cache) + [id.rawValue])
        remember(ContentDigest.of(cache))
    }

    /// Caches inserted between two reads of the schema's pages.
    private static let schemaWarmthInterval = 512

    /// Reads the schema table's pages, which dropping the triggers changed, so that the
    /// page cache keeps them as recently used: a changed page SQLite had to write into the
    /// log to make room (the least recently used go first) and that ``finish()`` changes
    /// again (making the triggers again) is written over in the log, and SQLite then
    /// works out the checksum of every frame after it again at the commit, reading the
    /// whole log back (strace: a read of every frame and a write of its header).
    private func keepSchemaPagesWarm() throws {
        let statement = schemaPages.sqliteStatement
        defer { sqlite3_reset(statement) }
        let stepped = sqlite3_step(statement)
        guard stepped == SQLITE_ROW else { throw error(stepped, sql: schemaPages.sql) }
    }

    /// Adds `digest` to the known digests while they are kept.
    private func remember(_ digest: Int64) {
        guard digests != nil else { return }
        digests!.insert(UInt64(bitPattern: digest))
        if digests!.count > Self.digestLimit { digests = nil }
    }

    /// Binds `bytes` as TEXT without a copy (SQLITE_STATIC): they must stay valid until
    /// the statement is reset.
    private func bind(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int32, to statement: SQLiteStatement) throws {
        guard let base = bytes.baseAddress else {
            // A null pointer would bind NULL: an empty field is bound as an empty text
            // SQLite copies (none of) the bytes of.
            try check(withUnsafePointer(to: 0 as CChar) { sqlite3_bind_text(statement, index, $0, 0, Self.transient) })
            return
        }
        try check(sqlite3_bind_text(statement, index, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self),
                                    Int32(bytes.count), nil))
    }

    /// SQLITE_TRANSIENT: SQLite copies the bytes before the bind returns.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw error(code, sql: nil) }
    }

    private func error(_ code: Int32, sql: String?) -> DatabaseError {
        let message = database.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
    }
}
