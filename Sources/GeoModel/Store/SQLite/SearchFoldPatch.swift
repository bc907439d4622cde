/// What an SQLite store keeps to search a cache: only where its search text
/// (``SearchFolding/searchText(for:)``) differs from its four fields joined by U+001F
/// with the ASCII letters lowered. For most text that is nothing ("Oak tree" needs no
/// patch, nor do "°", "’" or "東京", which folding leaves alone); for "Brücke" it is
/// one entry: the two bytes of "ü" become "u". A store used to keep the whole folded
/// text beside every cache, which doubled the store for long descriptions.
///
/// The patch is a byte string of entries, one per changed span, in text order:
/// three LEB128 numbers (bytes kept since the previous entry's span, the span's
/// length in the joined fields, the replacement's length) and the replacement bytes.
/// ``apply(to:patch:into:)`` rebuilds the search text from the fields and the patch
/// byte for byte, so a search finds exactly what it finds in the full folded text.
///
/// Folding is worked out a word at a time (a word runs between ASCII spaces and
/// control characters): an ASCII-only word only has its letters lowered, and each
/// other word is folded by Foundation once per ``Builder`` and remembered, since
/// descriptions repeat their words. `SearchFoldPatchTests` compares the result with
/// Foundation's folding of the whole text over awkward and random strings.
struct SearchFoldPatch {
    /// Builds patches, remembering how each word with non-ASCII letters folds.
    struct Builder {
        private var folds: [[UInt8]: [UInt8]] = [:]
        /// Words remembered at most; past it the memory starts again.
        private let capacity = 50_000

        init() {}

        /// The patch of `cache`, or nil when its search text is its fields with the
        /// ASCII letters lowered.
        mutating func patch(for cache: GeoCache) -> [UInt8]? {
            var patch: [UInt8] = []
            var offset = 0  // where the current field starts in the joined text
            var end = 0     // where the previous entry's span ends
            for field in GeoCache.Field.allCases {
                var text = cache[field]
                text.withUTF8 { bytes in
                    var index = Self.firstNonASCII(in: bytes, from: 0)
                    while index < bytes.count {
                        var start = index
                        while start > 0, !Self.separatesWords(bytes[start - 1]) { start -= 1 }
                        var stop = index
                        while stop < bytes.count, !Self.separatesWords(bytes[stop]) { stop += 1 }
                        let word = UnsafeBufferPointer(rebasing: bytes[start..<stop])
                        // The space or control before the word: a combining mark at its
                        // start folds with it, not alone. The title's first word has none.
                        let before: UInt8? = start > 0 ? bytes[start - 1] : field == .title ? nil : 0x1F
                        let folded = fold(word, after: before)
                        // Only the part between the common prefix and suffix changes.
                        var prefix = 0
                        while prefix < word.count, prefix < folded.count, word[prefix].asciiLowercased == folded[prefix] {
                            prefix += 1
                        }
                        var suffix = 0
                        while suffix < word.count - prefix, suffix < folded.count - prefix,
                              word[word.count - 1 - suffix].asciiLowercased == folded[folded.count - 1 - suffix] {
                            suffix += 1
                        }
                        if prefix + suffix < max(word.count, folded.count) {
                            let spanStart = offset + start + prefix
                            let spanLength = word.count - prefix - suffix
                            Self.appendNumber(spanStart - end, to: &patch)
                            Self.appendNumber(spanLength, to: &patch)
                            Self.appendNumber(folded.count - prefix - suffix, to: &patch)
                            patch.append(contentsOf: folded[prefix..<(folded.count - suffix)])
                            end = spanStart + spanLength
                        }
                        index = Self.firstNonASCII(in: bytes, from: stop)
                    }
                    offset += bytes.count + 1
                }
            }
            return patch.isEmpty ? nil : patch
        }

        /// `word` (UTF-8 holding at least one non-ASCII byte) folded as Foundation folds
        /// it when `before` (an ASCII space or control, which folding keeps) precedes it.
        private mutating func fold(_ word: UnsafeBufferPointer<UInt8>, after before: UInt8?) -> [UInt8] {
            var key = before.map { [$0] } ?? []
            key.append(contentsOf: word)
            if let known = folds[key] { return known }
            var folded = Array(SearchFolding.folded(String(decoding: key, as: UTF8.self)).utf8)
            if before != nil {
                // Folding keeps an ASCII space or control as it is (SearchTextFoldingTests
                // checks every ASCII character); were it ever not so, the word alone.
                if folded.first == before {
                    folded.removeFirst()
                } else {
                    folded = Array(SearchFolding.folded(String(decoding: word, as: UTF8.self)).utf8)
                }
            }
            if folds.count >= capacity { folds.removeAll(keepingCapacity: true) }
            folds[key] = folded
            return folded
        }

        private static func firstNonASCII(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
            var index = start
            let raw = UnsafeRawBufferPointer(bytes)
            while index + 8 <= bytes.count,
                  raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            while index < bytes.count, bytes[index] < 0x80 { index += 1 }
            return index
        }

        /// ASCII spaces and controls (U+001F between fields among them): folding
        /// never joins what they separate.
        private static func separatesWords(_ byte: UInt8) -> Bool {
            byte <= 0x20 || byte == 0x7F
        }

        private static func appendNumber(_ value: Int, to patch: inout [UInt8]) {
            var value = UInt(value)
            while value >= 0x80 {
                patch.append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            patch.append(UInt8(value))
        }

    }

    /// Rebuilds the search text: the four `fields` (UTF-8) joined by U+001F with the
    /// ASCII letters lowered, then `patch` applied. `output` is emptied first; its
    /// capacity is reused. Returns false for a patch that does not fit the fields.
    static func apply(to fields: [UnsafeRawBufferPointer], patch: UnsafeRawBufferPointer,
                      into output: inout [UInt8]) -> Bool {
        output.removeAll(keepingCapacity: true)
        var joined = 0
        for field in fields { joined += field.count }
        joined += max(0, fields.count - 1)
        output.reserveCapacity(joined + patch.count)
        // The joined text is walked field by field; `copy(upTo:)` lowers the bytes from
        // the current position to `target` (a position in the joined text).
        var fieldIndex = 0
        var inField = 0
        var position = 0
        func copy(upTo target: Int, keeping: Bool) {
            while position < target, fieldIndex < fields.count {
                let field = fields[fieldIndex]
                if inField == field.count {
                    if keeping { output.append(0x1F) }
                    fieldIndex += 1
                    inField = 0
                    position += 1
                    continue
                }
                let run = min(field.count - inField, target - position)
                if keeping {
                    for index in inField..<(inField + run) { output.append(field[index].asciiLowercased) }
                }
                inField += run
                position += run
            }
        }
        var cursor = 0
        func number() -> Int? {
            var value = 0
            var shift = 0
            while cursor < patch.count, shift < 63 {
                let byte = patch[cursor]
                cursor += 1
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            return nil
        }
        while cursor < patch.count {
            guard let gap = number(), let span = number(), let length = number(),
                  length <= patch.count - cursor, gap <= joined - position, span <= joined - position - gap else {
                return false
            }
            copy(upTo: position + gap, keeping: true)
            copy(upTo: position + span, keeping: false)
            output.append(contentsOf: patch[cursor..<(cursor + length)])
            cursor += length
        }
        copy(upTo: joined, keeping: true)
        return true
    }
}
