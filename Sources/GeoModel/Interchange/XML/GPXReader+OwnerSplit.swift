extension GPXReader {
    /// The title and owner of a plain waypoint, from text such as
    /// "Old Mill Ruins by trailfox & Family" or GPSBabel's
    /// "Old Mill Ruins by trailfox & Family, Traditional Cache (1.5/2)".
    ///
    /// The text is split at its last " by " (a title may contain "by", an owner's name
    /// rarely does), unless it starts with the waypoint's own title and " by ": then
    /// there. A trailing ", TYPE (D/T)" is the cache type, difficulty and terrain.
    struct OwnerSplit: Equatable {
        /// The element the text came from.
        enum Source: Equatable { case desc, urlname, cmt }

        var title: String
        var owner: String
        var cacheType: String?
        var source: Source

        /// The first of `desc`, `urlname` and `cmt` that splits; nil when none does.
        /// `urlname` is also the title hint for `desc` (pocket queries write the title
        /// alone there and "TITLE by OWNER, TYPE (D/T)" in `desc`).
        init?(desc: String?, urlname: String?, cmt: String?) {
            let hint = urlname?.trimmingWhitespace()
            let candidates: [(String?, Source)] = [(desc, .desc), (urlname, .urlname), (cmt, .cmt)]
            for (text, source) in candidates {
                guard let text, let parts = Self.split(text, titleHint: hint) else { continue }
                (title, owner, cacheType) = parts
                self.source = source
                return
            }
            return nil
        }

        /// `text` as title, owner and cache type; nil when it has no " by " with text
        /// on both sides.
        static func split(_ text: String, titleHint: String?) -> (String, String, String?)? {
            var body = text.trimmingWhitespace()
            var cacheType: String?
            if let (rest, type) = typeSuffix(body) {
                body = rest
                cacheType = type
            }
            if let titleHint, !titleHint.isEmpty, body.hasPrefix(titleHint + " by ") {
                let owner = String(body.dropFirst(titleHint.count + 4)).trimmingWhitespace()
                if !owner.isEmpty { return (titleHint, owner, cacheType) }
            }
            guard let range = body.byteRange(of: " by ", backwards: true) else { return nil }
            let title = String(body[..<range.lowerBound]).trimmingWhitespace()
            let owner = String(body[range.upperBound...]).trimmingWhitespace()
            guard !title.isEmpty, !owner.isEmpty else { return nil }
            return (title, owner, cacheType)
        }

        /// "REST, TYPE (D/T)" as REST and TYPE, where D and T are ratings like 1.5.
        static func typeSuffix(_ text: String) -> (String, String)? {
            guard text.hasSuffix(")"), let open = text.byteRange(of: " (", backwards: true) else { return nil }
            let ratings = text[open.upperBound..<text.index(before: text.endIndex)].split(separator: "/")
            guard ratings.count == 2, ratings.allSatisfy({ Double.plainDecimal($0) != nil }) else { return nil }
            let head = text[..<open.lowerBound]
            guard let comma = head.byteRange(of: ", ", backwards: true) else { return nil }
            let type = String(head[comma.upperBound...]).trimmingWhitespace()
            guard !type.isEmpty else { return nil }
            return (String(head[..<comma.lowerBound]), type)
        }
    }
}
