import Foundation
import GRDB

/// The form's unsaved text in the SQLite store: one `draft` table, one row per field.
extension SQLiteStore {
    /// The form's unsaved text kept from a previous run: only non-empty fields.
    public func loadDraft() throws -> [GeoCache.Field: String] {
        try read { db in
            var draft: [GeoCache.Field: String] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT field, CAST(value AS BLOB) FROM draft")
            while let row = try rows.next() {
                let name: String = row[0]
                let data: Data = row[1] ?? Data()
                if let field = GeoCache.Field(rawValue: name) {
                    draft[field] = String(decoding: data, as: UTF8.self)
                }
            }
            return draft
        }
    }

    /// Keeps the form's unsaved text for the next run, replacing the previous
    /// draft; when every field is empty the draft is cleared.
    public func saveDraft(_ fields: [GeoCache.Field: String]) throws {
        try write { db in
            try db.execute(sql: "DELETE FROM draft")
            for (field, value) in fields where !value.isEmpty {
                try db.execute(sql: "INSERT INTO draft (field, value) VALUES (?, CAST(? AS TEXT))",
                               arguments: [field.rawValue, Self.textArgument(value)])
            }
        }
    }
}
