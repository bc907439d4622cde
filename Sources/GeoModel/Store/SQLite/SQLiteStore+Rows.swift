import GRDB
import GRDBSQLite

/// Reading many rows: `list` and `export` walk every row, so each is decoded straight
/// from SQLite's column bytes instead of through GRDB's `Row` (whose per-column
/// `Data` and generic conversions cost more than printing the row does;
/// docs/performance.md has the figures).
extension SQLiteStore {
    /// Calls `body` with the four fields' bytes of every row in stored order, straight
    /// from SQLite's copy of them, inside one read transaction.
    public func forEachCacheFields(_ body: (CacheFieldBytes) throws -> Void) throws {
        try completePendingRows()
        try read(handingTo: body) { db, body in
            try Self.forEachFieldBytes(of: db.makeStatement(sql: "SELECT \(Self.fieldColumns) FROM cache ORDER BY id"), body)
        }
    }

    /// Calls `body` with every row in stored order as its stored bytes (the listing
    /// not decoded), straight from SQLite's copy of them, inside one read transaction.
    public func forEachCacheRow(_ body: (CacheRowBytes) throws -> Void) throws {
        try completePendingRows()
        try read(handingTo: body) { db, body in
            let statement = try db.makeStatement(sql: "SELECT \(Self.uncastCacheColumns) FROM cache ORDER BY id")
            let rows = try Row.fetchCursor(statement)
            let sqlite = statement.sqliteStatement
            func bytes(_ column: Int32) -> UnsafeBufferPointer<UInt8> { Self.columnBytes(sqlite, column) }
            func integer(_ column: Int32) -> Int64? {
                sqlite3_column_type(sqlite, column) == SQLITE_NULL ? nil : sqlite3_column_int64(sqlite, column)
            }
            while try rows.next() != nil {
                let fields = CacheFieldBytes(id: CacheID(rawValue: sqlite3_column_int64(sqlite, 0)), title: bytes(1),
                                             details: bytes(2), creator: bytes(3), reward: bytes(4))
                let code = sqlite3_column_type(sqlite, 5) == SQLITE_NULL ? nil : bytes(5)
                let listing = sqlite3_column_type(sqlite, 8) == SQLITE_NULL ? nil : UnsafeRawBufferPointer(bytes(8))
                try body(CacheRowBytes(fields: fields, code: code,
                                       coordinate: Self.coordinate(latitude: integer(6), longitude: integer(7)), listing: listing))
            }
        }
    }

    /// Calls `body` with the cache of every row `statement` (selecting ``cacheColumns``)
    /// gives, in order.
    static func forEachStoredCache(of statement: Statement, arguments: StatementArguments = [],
                                   _ body: (StoredCache) throws -> Void) throws {
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        let sqlite = statement.sqliteStatement
        while try rows.next() != nil {
            try body(storedCache(at: sqlite))
        }
    }

    /// The bytes of `column` in the current row of `statement`, lent from SQLite's copy
    /// (valid until the statement steps again); empty for NULL.
    static func columnBytes(_ statement: SQLiteStatement, _ column: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let start = sqlite3_column_blob(statement, column) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self),
                                   count: Int(sqlite3_column_bytes(statement, column)))
    }

    /// Calls `body` with the fields of every row `statement` (selecting ``fieldColumns``)
    /// gives, in order, lent from SQLite's copy of the bytes.
    static func forEachFieldBytes(of statement: Statement, _ body: (CacheFieldBytes) throws -> Void) throws {
        let rows = try Row.fetchCursor(statement)
        let sqlite = statement.sqliteStatement
        func bytes(_ column: Int32) -> UnsafeBufferPointer<UInt8> { columnBytes(sqlite, column) }
        while try rows.next() != nil {
            try body(CacheFieldBytes(id: CacheID(rawValue: sqlite3_column_int64(sqlite, 0)), title: bytes(1),
                                     details: bytes(2), creator: bytes(3), reward: bytes(4)))
        }
    }

    /// The cache of the row `statement` is on: the identifier and the four fields'
    /// bytes (selected as BLOB, so a NUL inside a field is kept), each copied once,
    /// into its String; the code, the place, and the listing decoded from SQLite's copy
    /// of its bytes.
    static func storedCache(at statement: SQLiteStatement) -> StoredCache {
        func text(_ column: Int32) -> String {
            guard let bytes = sqlite3_column_blob(statement, column) else { return "" }
            let count = Int(sqlite3_column_bytes(statement, column))
            return String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
        }
        func integer(_ column: Int32) -> Int64? {
            sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : sqlite3_column_int64(statement, column)
        }
        let code = sqlite3_column_type(statement, 5) == SQLITE_NULL ? nil : text(5)
        var listing = Listing.empty
        if let bytes = sqlite3_column_blob(statement, 8) {
            let count = Int(sqlite3_column_bytes(statement, 8))
            listing = ListingEncoding.decode(UnsafeRawBufferPointer(start: bytes, count: count)) ?? .empty
        }
        return StoredCache(
            id: CacheID(rawValue: sqlite3_column_int64(statement, 0)),
            cache: GeoCache(title: text(1), details: text(2), creator: text(3), reward: text(4), code: code,
                            coordinate: Self.coordinate(latitude: integer(6), longitude: integer(7)), listing: listing))
    }
}

extension SQLiteStore {
    /// ``read(_:)`` for a reading that hands what it reads to the caller's `body`: what
    /// `body` throws (a write to a full disk, an end the caller asks for) comes out as
    /// thrown, as from a PostgreSQL store, not as a database error of this store's.
    func read<Element, Answer>(handingTo body: (Element) throws -> Answer,
                               _ work: (Database, (Element) throws -> Answer) throws -> Void) throws {
        try withoutActuallyEscaping(body) { body in
            let thrown = ThrownByCaller()
            let handOver = { (element: Element) throws -> Answer in
                do { return try body(element) } catch {
                    thrown.error = error
                    throw error
                }
            }
            do {
                try read { db in try work(db, handOver) }
            } catch {
                throw thrown.error ?? error
            }
        }
    }

    /// What the caller's `body` threw during ``read(handingTo:_:)``.
    private final class ThrownByCaller {
        var error: (any Error)?
    }
}
