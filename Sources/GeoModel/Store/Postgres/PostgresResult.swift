import CLibPQ
import Foundation

/// A statement parameter: sent as text (the server infers its type from the
/// statement), as binary `bytea`, or as SQL NULL.
///
/// Cache fields are stored as `text` (UTF-8) since schema version 4, passed with
/// ``text(_:)``: PostgreSQL's `text` rejects NUL (error 22021), so the store refuses a
/// cache holding it before sending anything. Listings stay `bytea` (``bytea(_:)``).
/// A connection asks for UTF-8 (`client_encoding`), so text arrives as UTF-8 bytes.
package enum PostgresValue: Equatable, Sendable {
    /// SQL NULL.
    case null
    /// A value in PostgreSQL's text form (`'42'`, `'t'`, `'2026-01-01'`); it may not
    /// contain NUL.
    case text(String)
    /// Bytes sent in binary as `bytea`: any byte, NUL included, arrives unchanged.
    case bytea([UInt8])

    /// An integer, in text form.
    package static func int(_ value: Int) -> PostgresValue { .text(String(value)) }
    /// A string's UTF-8 bytes as `bytea` (NUL and any Unicode round-trip).
    package static func utf8(_ value: String) -> PostgresValue { .bytea(Array(value.utf8)) }
}

/// What a statement returned, copied out of libpq: the column names, the rows, and
/// the number of rows the command touched.
package struct PostgresResult: Sendable {
    /// The result's column names, in order.
    package let columnNames: [String]
    /// The rows, in the order the server sent them.
    package let rows: [PostgresRow]
    /// The command tag (`INSERT 0 1`, `SELECT 3`, `COMMIT`, `ROLLBACK`, …).
    package let commandStatus: String
    /// The rows the command inserted, updated, deleted, selected, moved or copied
    /// (`PQcmdTuples`); nil for other commands.
    package let affectedRows: Int?

    /// Copies `result` (which the caller still clears).
    init(_ result: OpaquePointer) {
        let columnCount = Int(cpq_PQnfields(result))
        let names = (0..<columnCount).map { String(cString: cpq_PQfname(result, Int32($0))) }
        let isBytea = (0..<columnCount).map { cpq_PQftype(result, Int32($0)) == Self.byteaOID }
        var rows: [PostgresRow] = []
        let rowCount = Int(cpq_PQntuples(result))
        rows.reserveCapacity(rowCount)
        for row in 0..<rowCount {
            let values: [[UInt8]?] = (0..<columnCount).map { column in
                let (r, c) = (Int32(row), Int32(column))
                if cpq_PQgetisnull(result, r, c) == 1 { return nil }
                let text = UnsafeRawBufferPointer(start: cpq_PQgetvalue(result, r, c), count: Int(cpq_PQgetlength(result, r, c)))
                return isBytea[column] ? Self.decodeHexBytea(text) : Array(text)
            }
            rows.append(PostgresRow(columnNames: names, values: values))
        }
        columnNames = names
        self.rows = rows
        commandStatus = String(cString: cpq_PQcmdStatus(result))
        affectedRows = Int(String(cString: cpq_PQcmdTuples(result)))
    }

    /// The type oid of `bytea`.
    static let byteaOID: UInt32 = 17

    /// The bytes of `bytea` in the server's hex output form (`\x00ff…`, the default
    /// since PostgreSQL 9.0).
    static func decodeHexBytea(_ text: UnsafeRawBufferPointer) -> [UInt8] {
        func nibble(_ character: UInt8) -> UInt8 {
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
            default: 0
            }
        }
        guard text.count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x") else { return Array(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((text.count - 2) / 2)
        var index = 2
        while index + 1 < text.count {
            bytes.append(nibble(text[index]) << 4 | nibble(text[index + 1]))
            index += 2
        }
        return bytes
    }
}

/// One row of a ``PostgresResult``: each column's value as bytes (a `bytea` column's
/// own bytes, any other column's text form in UTF-8), nil for NULL.
package struct PostgresRow: Sendable {
    /// The result's column names.
    package let columnNames: [String]
    /// The values, one per column.
    package let values: [[UInt8]?]

    /// The value of column `index` as bytes; nil for NULL, and for a column the server
    /// did not send (a row is never trusted to have the columns asked for).
    package subscript(_ index: Int) -> [UInt8]? { values.indices.contains(index) ? values[index] : nil }

    /// The value of the column named `name` as bytes; nil for NULL or no such column.
    package subscript(_ name: String) -> [UInt8]? {
        columnNames.firstIndex(of: name).flatMap { values[$0] }
    }

    /// The value of column `index` as a string (UTF-8; a `bytea` column's bytes
    /// decoded, invalid sequences repaired); nil for NULL.
    package func string(_ index: Int) -> String? { self[index].map { String(decoding: $0, as: UTF8.self) } }
    /// The value of the column named `name` as a string; nil for NULL or no such column.
    package func string(_ name: String) -> String? { self[name].map { String(decoding: $0, as: UTF8.self) } }
    /// The value of column `index` as an integer; nil for NULL or a non-integer.
    package func int(_ index: Int) -> Int? { string(index).flatMap { Int($0) } }
    /// The value of the column named `name` as an integer; nil for NULL, no such
    /// column, or a non-integer.
    package func int(_ name: String) -> Int? { string(name).flatMap { Int($0) } }
    /// The value of column `index` as a boolean (`t` or `f`); nil for NULL.
    package func bool(_ index: Int) -> Bool? { string(index).map { $0 == "t" } }
}
