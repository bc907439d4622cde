/// U+0000 on the PostgreSQL store: `text` cannot hold it (SQLSTATE 22021), so a cache
/// holding NUL in one of its `text` columns (the four fields, the code) is refused
/// before anything is sent, with a message naming the cache and the field, and nothing
/// changes. The SQLite store keeps accepting it. The listing keeps NUL, as on SQLite:
/// it is ``ListingEncoding``'s bytes in a `bytea` column. So does a draft: its texts
/// are base64 inside its JSON.
extension PostgresStore {
    /// Throws ``StoreError/nulCharacter(path:cache:field:)`` when `cache` holds NUL.
    func refuseNUL(in cache: GeoCache) throws(StoreError) {
        guard let field = Self.nulField(in: cache) else { return }
        throw StoreError.nulCharacter(path: name, cache: Self.naming(cache), field: field)
    }

    /// The first `text` column of `cache` holding NUL, in words (`title`, `code`); nil
    /// when none does.
    static func nulField(in cache: GeoCache) -> String? {
        func holdsNUL(_ text: String?) -> Bool { text?.utf8.contains(0) ?? false }
        for field in GeoCache.Field.allCases where holdsNUL(cache[field]) { return field.label.lowercased() }
        if holdsNUL(cache.code) { return "code" }
        return nil
    }

    /// The cache as a message names it: its title in quotes, or its code when the title
    /// is empty, or "the cache"; control characters (NUL among them) written as `\u{0}`,
    /// so a message never moves a terminal's cursor.
    static func naming(_ cache: GeoCache) -> String {
        func shown(_ text: String) -> String {
            var result = ""
            for scalar in text.unicodeScalars {
                if scalar.properties.generalCategory == .control {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
            return result
        }
        if !cache.title.isEmpty { return "\"" + shown(cache.title) + "\"" }
        if let code = cache.code, !code.isEmpty { return shown(code) }
        return "the cache"
    }

    /// The reason an import gives for a record holding NUL in `field`.
    static func nulRejection(field: String) -> String {
        "U+0000 (NUL) in the \(field): a PostgreSQL store cannot hold that character"
    }
}
