import Glibc
import GRDB
import GRDBSQLite

/// The SQL function searches use: `geocache_matches(title, details, creator, reward,
/// fold_patch, needle)` is 1 when the cache's search text contains `needle` (already
/// folded by ``SearchFolding/folded(_:)``), else 0; an empty needle matches every cache.
///
/// The search text is rebuilt from the fields and the patch (``SearchFoldPatch``) into
/// a buffer of the connection's own, then searched with `memchr` and `memcmp`. It is registered on
/// SQLite's own API, not through GRDB's `DatabaseFunction`, which would box every
/// argument of every row of a million-row scan.
enum SearchFunction {
    static let name = "geocache_matches"

    /// Adds the function to `db`'s connection; every connection of a store gets it
    /// (``SQLiteStore/connectionConfiguration(label:)``).
    static func register(on db: Database) throws {
        let scratch = Unmanaged.passRetained(Scratch()).toOpaque()
        let code = sqlite3_create_function_v2(
            db.sqliteConnection, name, 6, SQLITE_UTF8 | SQLITE_DETERMINISTIC, scratch,
            { context, count, arguments in
                guard let context, let arguments, count == 6 else { return }
                let scratch = Unmanaged<Scratch>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
                sqlite3_result_int(context, scratch.matches(arguments) ? 1 : 0)
            },
            nil, nil,
            { scratch in scratch.map { Unmanaged<Scratch>.fromOpaque($0).release() } })
        guard code == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot add the search function")
        }
    }

    /// The bytes of an SQL value (text or blob); empty for NULL.
    private static func bytes(of value: OpaquePointer?) -> UnsafeRawBufferPointer {
        guard let pointer = sqlite3_value_blob(value) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: pointer, count: Int(sqlite3_value_bytes(value)))
    }

    /// One connection's buffer for the rebuilt search text (a connection runs one
    /// statement step at a time, so one buffer is enough).
    private final class Scratch {
        var text: [UInt8] = []

        func matches(_ arguments: UnsafeMutablePointer<OpaquePointer?>) -> Bool {
            let needle = bytes(of: arguments[5])
            if needle.isEmpty { return true }
            let patch = bytes(of: arguments[4])
            // Most rows have no patch: their search text is the fields with ASCII letters
            // lowered, so a needle without U+001F is looked for in each field, lowering
            // on the fly, without building the text.
            if patch.isEmpty, !needle.contains(0x1F) {
                return (0..<4).contains { containsLowered(bytes(of: arguments[$0]), needle) }
            }
            let fields = (0..<4).map { bytes(of: arguments[$0]) }
            guard SearchFoldPatch.apply(to: fields, patch: patch, into: &text) else { return false }
            return text.withUnsafeBytes { contains($0, needle) }
        }

        /// Whether `needle` (not empty) occurs in `field` with its ASCII letters lowered.
        private func containsLowered(_ field: UnsafeRawBufferPointer, _ needle: UnsafeRawBufferPointer) -> Bool {
            guard needle.count <= field.count else { return false }
            let first = needle[0]
            let lastStart = field.count - needle.count
            var start = 0
            while start <= lastStart {
                if field[start].asciiLowercased == first {
                    var offset = 1
                    while offset < needle.count, field[start + offset].asciiLowercased == needle[offset] {
                        offset += 1
                    }
                    if offset == needle.count { return true }
                }
                start += 1
            }
            return false
        }

        /// Whether `needle` (not empty) occurs in `haystack`: `memchr` finds each
        /// candidate first byte, `memcmp` checks the rest (glibc's `memmem` is not in
        /// the Swift module).
        private func contains(_ haystack: UnsafeRawBufferPointer, _ needle: UnsafeRawBufferPointer) -> Bool {
            guard let base = haystack.baseAddress, let wanted = needle.baseAddress, needle.count <= haystack.count else {
                return false
            }
            let first = Int32(needle[0])
            let lastStart = haystack.count - needle.count
            var offset = 0
            while offset <= lastStart {
                guard let found = memchr(base + offset, first, lastStart - offset + 1) else { return false }
                let at = base.distance(to: UnsafeRawPointer(found))
                if memcmp(base + at, wanted, needle.count) == 0 { return true }
                offset = at + 1
            }
            return false
        }
    }
}
