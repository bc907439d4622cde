import Foundation
import GRDB
import GRDBSQLite

/// The rows an import inserts, held until ``rowsPerStatement`` of them go into the
/// store in one `INSERT` of that many rows.
///
/// Every statement SQLite runs opens a cursor on the table and on each of its indexes,
/// and with `AUTOINCREMENT` reads and writes the table's sequence row; a statement of
/// 16 rows pays that once instead of 16 times (callgrind: most of an import's
/// inserting work per cache was that). The rows' bytes (fields, code, patch, listing)
/// are copied into one buffer and bound from it without a further copy, as TEXT and
/// BLOB with their byte lengths, so a NUL inside a field is kept.
///
/// The writer calls ``flush()`` before anything that reads the table (a lookup by code
/// or by fields, an update, the import's end), so a read sees every row added before
/// it, as with one statement a row. A row refused by a constraint fails its statement,
/// `OR ROLLBACK` ending the import's transaction as before.
final class ImportInsertBatch {
    static let rowsPerStatement = 16
    /// The most bytes the buffer keeps between batches.
    private static let keptCapacity = 1 << 20
    /// The parameters one row binds, in ``SQLiteStore/insertCacheSQL``'s order.
    private static let parametersPerRow: Int32 = 10

    /// A run of ``bytes``; `start` -1 stands for NULL.
    private struct Span {
        var start: Int
        var count: Int
    }

    private struct Row {
        /// Title, details, creator, reward, code, patch, listing.
        var spans: (Span, Span, Span, Span, Span, Span, Span)
        var digest: Int64
        var place: (latitude: Int64, longitude: Int64)?
    }

    private let database: Database
    private let single: Statement
    private let multiple: Statement
    /// The rows held and their bytes: one stored property, so that holding a row is one
    /// access of the class's storage rather than one per part (each is checked).
    private var held = Held()

    private struct Held {
        var bytes: [UInt8] = []
        var rows: [Row] = []

        mutating func add(_ title: UnsafeBufferPointer<UInt8>, _ details: UnsafeBufferPointer<UInt8>,
                          _ creator: UnsafeBufferPointer<UInt8>, _ reward: UnsafeBufferPointer<UInt8>,
                          _ code: UnsafeBufferPointer<UInt8>, patch: [UInt8]?, listing: [UInt8]?,
                          digest: Int64, place: (latitude: Int64, longitude: Int64)?) {
            func kept(_ part: UnsafeBufferPointer<UInt8>) -> Span {
                let span = Span(start: bytes.count, count: part.count)
                bytes.append(contentsOf: part)
                return span
            }
            func kept(_ part: [UInt8]?) -> Span {
                guard let part else { return Span(start: -1, count: 0) }
                return part.withUnsafeBufferPointer { kept($0) }
            }
            rows.append(Row(spans: (kept(title), kept(details), kept(creator), kept(reward), kept(code),
                                    kept(patch), kept(listing)),
                            digest: digest, place: place))
        }
    }

    /// Prepares the one-row and the many-row statement from `sql`, an insert of one
    /// row whose `VALUES` list ends the statement.
    init(_ database: Database, sql: String) throws {
        self.database = database
        single = try database.makeStatement(sql: sql)
        guard let values = sql.range(of: "VALUES", options: .backwards) else {
            preconditionFailure("an insert without VALUES: \(sql)")
        }
        let tuple = sql[values.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
        let tuples = Array(repeating: tuple, count: Self.rowsPerStatement).joined(separator: ", ")
        multiple = try database.makeStatement(sql: sql[..<values.upperBound] + " " + tuples)
        held.rows.reserveCapacity(Self.rowsPerStatement)
    }

    /// True when no row waits.
    var isEmpty: Bool { held.rows.isEmpty }

    /// Holds a row; writes the rows held once there are ``rowsPerStatement``.
    func add(title: UnsafeBufferPointer<UInt8>, details: UnsafeBufferPointer<UInt8>,
             creator: UnsafeBufferPointer<UInt8>, reward: UnsafeBufferPointer<UInt8>,
             code: UnsafeBufferPointer<UInt8>, digest: Int64, patch: [UInt8]?, listing: [UInt8]?,
             place: (latitude: Int64, longitude: Int64)?) throws {
        held.add(title, details, creator, reward, code, patch: patch, listing: listing, digest: digest, place: place)
        if held.rows.count == Self.rowsPerStatement { try flush() }
    }

    /// Writes every row held: as many as fill a statement of ``rowsPerStatement``, the
    /// rest one at a time.
    func flush() throws {
        guard !held.rows.isEmpty else { return }
        var batch = Held()
        swap(&batch, &held)
        defer {
            batch.rows.removeAll(keepingCapacity: true)
            // A batch of long texts does not keep its memory for the rest of the import.
            batch.bytes.removeAll(keepingCapacity: batch.bytes.capacity <= Self.keptCapacity)
            held = batch
        }
        let rows = batch.rows
        try batch.bytes.withUnsafeBufferPointer { buffer in
            var next = 0
            while next < rows.count {
                let count = rows.count - next >= Self.rowsPerStatement ? Self.rowsPerStatement : 1
                let statement = (count == 1 ? single : multiple).sqliteStatement
                defer {
                    sqlite3_reset(statement)
                    sqlite3_clear_bindings(statement)
                }
                for index in 0..<count {
                    try bind(rows[next + index], at: Int32(index) * Self.parametersPerRow, of: statement, from: buffer)
                }
                let stepped = sqlite3_step(statement)
                guard stepped == SQLITE_DONE else {
                    throw error(stepped, sql: count == 1 ? single.sql : multiple.sql)
                }
                next += count
            }
        }
    }

    /// Binds `row`'s ten parameters after the first `offset`.
    private func bind(_ row: Row, at offset: Int32, of statement: SQLiteStatement,
                      from buffer: UnsafeBufferPointer<UInt8>) throws {
        func text(_ number: Int32, _ span: Span) throws {
            try check(sqlite3_bind_text(statement, offset + number, pointer(span, in: buffer), Int32(span.count), nil))
        }
        func blob(_ number: Int32, _ span: Span) throws {
            guard span.start >= 0 else { return }
            try check(sqlite3_bind_blob(statement, offset + number, pointer(span, in: buffer), Int32(span.count), nil))
        }
        try text(1, row.spans.0)
        try text(2, row.spans.1)
        try text(3, row.spans.2)
        try text(4, row.spans.3)
        try check(sqlite3_bind_int64(statement, offset + 5, row.digest))
        try blob(6, row.spans.5)
        try text(7, row.spans.4)
        if let place = row.place {
            try check(sqlite3_bind_int64(statement, offset + 8, place.latitude))
            try check(sqlite3_bind_int64(statement, offset + 9, place.longitude))
        }
        try blob(10, row.spans.6)
    }

    /// Where `span` starts in `buffer`: never a null pointer, which SQLite would bind
    /// as NULL, also for an empty text.
    private func pointer(_ span: Span, in buffer: UnsafeBufferPointer<UInt8>) -> UnsafePointer<CChar> {
        let base = buffer.baseAddress.map { $0 + span.start } ?? ("" as StaticString).utf8Start
        return UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw error(code, sql: nil) }
    }

    private func error(_ code: Int32, sql: String?) -> DatabaseError {
        let message = database.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
    }
}
