/// Field notes: the `geocache_visits.txt` a Garmin handheld writes, which geocaching.com
/// and Opencaching take as an upload and c:geo and GSAK export and import.
///
/// One visit a line, `CODE,YYYY-MM-DDThh:mmZ,Type,"text"`, the text's quotes doubled;
/// the file is UTF-16LE with a byte-order mark and CRLF line ends, which ``document(for:)``
/// writes byte for byte. ``read(_:)`` takes the variants other tools write: UTF-16LE
/// with or without the mark (c:geo writes none), UTF-16BE with one, UTF-8 with or
/// without one; CRLF, LF or CR; times with or without seconds; quotes doubled or
/// turned into `'`; a text that spans lines inside its quotes.
public enum FieldNotes {
    /// The most characters one visit's text may hold: geocaching.com's logs hold 4,000;
    /// a longer one is refused as a problem of its line, not read.
    public static let maximumTextLength = 64 * 1024

    /// The file for `visits`, earliest first as a handheld writes them (visits of one time
    /// in the given order; a visit logged later with an earlier `--time` goes before the
    /// others): the UTF-16LE byte-order mark, then each visit's line ending in CRLF.
    public static func document(for visits: [Visit]) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for visit in UTCTime.newestFirst(visits, by: \.time, sameTimeLatestFirst: true).reversed() {
            let line = visit.code + "," + minuteTime(visit.time) + "," + visit.type.rawValue + ",\""
                + quotedText(visit.text) + "\"\r\n"
            for unit in line.utf16 {
                bytes.append(UInt8(unit & 0xFF))
                bytes.append(UInt8(unit >> 8))
            }
        }
        return bytes
    }

    /// A visit's text as it goes between its quotes: each quote doubled, and a line
    /// break that a line starting as a visit does (`CODE,TIME,`) follows made a space, since
    /// a reader takes that line for the next visit (``read(_:)`` does, to recover from a
    /// lost quote): a text can never add a visit to the file.
    /// Joining a line to the one before can make that one start as a visit in its turn
    /// (`a\n\nGC9…`: the blank line then holds ` GC9…`, which a reader takes as a visit,
    /// leading spaces and all), so the joins go on until no line does.
    static func quotedText(_ text: String) -> String {
        var scalars = Array(text.replacingOccurrences(of: "\"", with: "\"\"").unicodeScalars)
        while true {
            let scanner = LineScanner(scalars: scalars)
            var result: [Unicode.Scalar] = []
            result.reserveCapacity(scalars.count)
            var joined = false
            var index = 0
            while index < scalars.count {
                let scalar = scalars[index]
                guard scalar == "\r" || scalar == "\n" else {
                    result.append(scalar)
                    index += 1
                    continue
                }
                let lineStart = index + (scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n" ? 2 : 1)
                if scanner.startsAVisit(at: lineStart) {
                    result.append(" ")
                    joined = true
                } else {
                    result.append(contentsOf: scalars[index..<lineStart])
                }
                index = lineStart
            }
            if !joined { return String(String.UnicodeScalarView(result)) }
            scalars = result
        }
    }

    /// `2026-11-28T10:32Z` for `2026-11-28T10:32:00Z`: field notes count minutes.
    static func minuteTime(_ time: String) -> String {
        let canonical = UTCTime.canonical(time)
        guard canonical.hasSuffix("Z"), canonical.utf8.count >= 20 else { return time }
        return String(canonical.prefix(16)) + "Z"
    }

    /// What reading a file of field notes found: the visits, in file order, and each
    /// line that could not become one.
    public struct Reading: Equatable, Sendable {
        public var visits: [Visit] = []
        public var problems: [Problem] = []
    }

    /// A line that is not a visit, and why.
    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        /// The line it starts on, from 1.
        public var line: Int
        public var reason: String

        public var description: String { "line \(line): \(reason)" }
    }

    /// Whether `bytes` (the start of a file is enough) are field notes: one of the first
    /// lines with anything on them starts `CODE,YYYY-MM-DDThh:mmZ,`, `CODE,…,Type,` (a
    /// bad time is then that line's problem) or `…,YYYY-MM-DDThh:mmZ,Type,` (a bad code
    /// is), in any of the encodings ``read(_:)`` takes.
    public static func recognises(_ bytes: [UInt8]) -> Bool {
        let text = decoded(bytes.count.isMultiple(of: 2) ? bytes : Array(bytes.dropLast())).text
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).filter { !$0.allSatisfy(\.isWhitespace) }
        // A bad first line (or two) is the line's problem, said with its number, as it
        // would be further down: any of the first few lines that is a visit will do.
        return lines.prefix(recognisingLines).contains { line in
            let parts = line.split(separator: ",", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count >= 3, looksLikeCode(String(parts[0])) || utcTime(String(parts[1])) != nil else { return false }
            // A bad time on a line is that line's problem, said with its number.
            return utcTime(String(parts[1])) != nil || VisitType(fieldNoteType: String(parts[2])) != nil
        }
    }

    /// How many lines with something on them ``recognises(_:)`` looks at.
    static let recognisingLines = 8

    /// The visits in `bytes`, and the problems of the lines that are not visits.
    public static func read(_ bytes: [UInt8]) -> Reading {
        let (text, oddLength) = decoded(bytes)
        var reading = Reading()
        var scanner = LineScanner(scalars: Array(text.unicodeScalars))
        let halfCharacter = "the file ends in half a UTF-16 character"
        var cutLineSaid = false
        while let record = scanner.next() {
            // The line the file was cut in holds only part of what was written (its last
            // character is half there): it is no visit, whatever it reads as, and its
            // one problem is the cut.
            if oddLength, scanner.index >= scanner.scalars.count, let last = scanner.scalars.last, last != "\r", last != "\n" {
                reading.problems.append(Problem(line: record.line, reason: halfCharacter))
                cutLineSaid = true
                continue
            }
            if record.unclosedQuote {
                reading.problems.append(Problem(line: record.line, reason: "the text's closing quote is missing (a quote closes it only at the end of a line)"))
                continue
            }
            switch visit(from: record.fields) {
            case .success(let visit): reading.visits.append(visit)
            case .failure(let problem): reading.problems.append(Problem(line: record.line, reason: problem.reason))
            }
        }
        if oddLength, !cutLineSaid {
            reading.problems.append(Problem(line: max(scanner.line, 1), reason: halfCharacter))
        }
        return reading
    }

    /// Why a line is not a visit.
    struct LineProblem: Error { let reason: String }

    /// The visit a line's fields give.
    static func visit(from fields: [String]) -> Result<Visit, LineProblem> {
        guard fields.count >= 3 else {
            return .failure(LineProblem(reason: "expected CODE,TIME,TYPE,\"TEXT\", found \(fields.count) field(s)"))
        }
        let code = fields[0].trimmingWhitespace().uppercased()
        guard looksLikeCode(code) else { return .failure(LineProblem(reason: "\"\(shown(fields[0]))\" is not a cache code")) }
        guard let time = utcTime(fields[1]) else {
            return .failure(LineProblem(reason: FinderInputError.notATime(shown(fields[1]))))
        }
        do {
            try Visit.checkPlausible(time)
        } catch {
            return .failure(LineProblem(reason: error.description))
        }
        guard let type = VisitType(fieldNoteType: fields[2]) else {
            return .failure(LineProblem(reason: "\"\(shown(fields[2]))\" is not a log type field notes carry"))
        }
        let text = fields.count > 3 ? fields[3...].joined(separator: ",") : ""
        guard text.unicodeScalars.count <= maximumTextLength else {
            return .failure(LineProblem(reason: "the text is longer than \(maximumTextLength) characters"))
        }
        guard !text.unicodeScalars.contains("\u{0}") else {
            return .failure(LineProblem(reason: "the text holds a NUL character (U+0000), which cannot be kept"))
        }
        return .success(Visit(code: code, time: time, type: type, text: text))
    }

    /// A field as a problem quotes it, trimmed (``MessageValue/shown(_:)``).
    private static func shown(_ field: String) -> String {
        MessageValue.shown(field.trimmingWhitespace())
    }

    /// A cache code as every other way in takes one (``CacheCode/normalized(_:)``:
    /// letters, digits, `-` and `_`), so that every cache's visits are written and read
    /// back (`LAB-ZH_01`).
    static func looksLikeCode(_ text: String) -> Bool {
        CacheCode.normalized(text) != nil
    }

    /// `2026-11-28T10:32Z` or `2026-11-28T10:32:15Z` in ``UTCTime``'s spelling; nil for
    /// anything else (a time without its `Z` is not UTC for sure, and is refused).
    static func utcTime(_ text: String) -> String? {
        var written = text.trimmingWhitespace()
        guard written.hasSuffix("Z") || written.hasSuffix("z") else { return nil }
        written = String(written.dropLast())
        if written.utf8.count == 16 { written += ":00" }
        guard written.utf8.count == 19 else { return nil }
        return UTCTime.instant(written + "Z")
    }

    /// How a file's text is encoded, from where.
    enum Encoding: Equatable {
        case utf8(start: Int)
        case utf16(start: Int, bigEndian: Bool)

        /// The encoding of `bytes`: a byte-order mark's, else UTF-16LE when the first
        /// character's second byte is zero (an ASCII letter of a code, as c:geo and
        /// GeoToad write), else UTF-8.
        init(of bytes: [UInt8]) {
            if bytes.starts(with: [0xFF, 0xFE]) {
                self = .utf16(start: 2, bigEndian: false)
            } else if bytes.starts(with: [0xFE, 0xFF]) {
                self = .utf16(start: 2, bigEndian: true)
            } else if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                self = .utf8(start: 3)
            } else if bytes.count >= 2, bytes[0] != 0, bytes[1] == 0 {
                self = .utf16(start: 0, bigEndian: false)
            } else {
                self = .utf8(start: 0)
            }
        }
    }

    /// The UTF-16 code units of `bytes` from `start`, and whether a last byte was left over.
    static func utf16Units(_ bytes: [UInt8], from start: Int, bigEndian: Bool) -> (units: [UInt16], oddLength: Bool) {
        var units: [UInt16] = []
        units.reserveCapacity((bytes.count - start) / 2)
        var index = start
        while index + 1 < bytes.count {
            let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        return (units, index < bytes.count)
    }

    /// The file's text, and whether it ended in half a UTF-16 character. A sequence
    /// that is no character becomes U+FFFD; ``encodingProblem(_:)`` finds one first.
    static func decoded(_ bytes: [UInt8]) -> (text: String, oddLength: Bool) {
        switch Encoding(of: bytes) {
        case .utf8(let start):
            return (String(decoding: bytes.dropFirst(start), as: UTF8.self), false)
        case .utf16(let start, let bigEndian):
            let (units, oddLength) = utf16Units(bytes, from: start, bigEndian: bigEndian)
            return (String(decoding: units, as: UTF16.self), oddLength)
        }
    }

    /// Where the file's text first holds a sequence that is no character in its
    /// encoding, and what it is ("line 3, column 42: invalid UTF-8: byte 0xE9 …"); nil
    /// when it holds none. A file in another encoding (Latin-1) is refused so, rather
    /// than its letters read as U+FFFD.
    static func encodingProblem(_ bytes: [UInt8]) -> String? {
        switch Encoding(of: bytes) {
        case .utf8(let start):
            var tracker = UTF8Tracker()
            let found = bytes.withUnsafeBufferPointer { tracker.feed(UnsafeBufferPointer(rebasing: $0[start...])) }
            guard let (position, reason) = found ?? tracker.finish() else { return nil }
            return "line \(position.line), column \(position.column): \(reason)"
        case .utf16(let start, let bigEndian):
            let units = utf16Units(bytes, from: start, bigEndian: bigEndian).units
            var line = 1
            var index = 0
            while index < units.count {
                let unit = units[index]
                if unit == 0x0A { line += 1 }
                if UTF16.isLeadSurrogate(unit), index + 1 < units.count, UTF16.isTrailSurrogate(units[index + 1]) {
                    index += 2
                    continue
                }
                if UTF16.isLeadSurrogate(unit) || UTF16.isTrailSurrogate(unit) {
                    return "line \(line): invalid UTF-16: the surrogate 0x\(String(unit, radix: 16, uppercase: true)) "
                        + "stands alone, which is no character"
                }
                index += 1
            }
            return nil
        }
    }

    /// Splits the text into records: fields split at commas, the fourth in quotes that
    /// may hold commas, doubled quotes and line ends; a line end outside quotes ends a
    /// record. Blank lines are skipped. A quoted text whose closing quote does not come
    /// before the end of the file, or before a line that starts as a visit does
    /// (`CODE,TIME,`), makes its record one whose quote is not closed, and the next
    /// record starts on that line: a lost quote never takes the visits after it.
    struct LineScanner {
        let scalars: [Unicode.Scalar]
        var index = 0
        /// The line the scanner is on, from 1.
        private(set) var line = 1

        init(scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        mutating func next() -> (line: Int, fields: [String], unclosedQuote: Bool)? {
            while index < scalars.count, scalars[index] == "\r" || scalars[index] == "\n" { skipLineEnd() }
            guard index < scalars.count else { return nil }
            let start = line
            var fields: [String] = []
            var field = String.UnicodeScalarView()
            var unclosed = false
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "\r" || scalar == "\n" {
                    skipLineEnd()
                    break
                }
                if scalar == ",", fields.count < 3 {
                    fields.append(String(field))
                    field = String.UnicodeScalarView()
                    index += 1
                } else if scalar == "\"", fields.count == 3, field.allSatisfy({ $0 == " " }) {
                    guard let text = quoted() else {
                        unclosed = true
                        break
                    }
                    field = text
                } else {
                    field.append(scalar)
                    index += 1
                }
            }
            fields.append(String(field))
            return (start, fields, unclosed)
        }

        /// The quoted text from its opening quote: `""` is one quote; it ends at a quote
        /// followed by a line end or the end of the file (a lone quote elsewhere is kept).
        /// A `""` that ends a line is a quote of a text going on to the next line (as an
        /// export writes `a"` and a line break), unless the text could go on nowhere: the
        /// file ends, or the next line with anything on it starts as a visit does; then it
        /// is a quote left undoubled and the closing one (`…"Max""`, the text `…Max"`).
        /// Nil when no closing quote comes before the end of the file or a line that
        /// starts as a visit does; the scanner is then at that line.
        private mutating func quoted() -> String.UnicodeScalarView? {
            var text = String.UnicodeScalarView()
            index += 1
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "\"" {
                    if index + 1 < scalars.count, scalars[index + 1] == "\"" {
                        text.append("\"")
                        if let end = lineEnd(after: index + 2), textEnds(at: end) {
                            index = end
                            return text
                        }
                        index += 2
                        continue
                    }
                    if let end = lineEnd(after: index + 1) {
                        index = end
                        return text
                    }
                    text.append(scalar)
                    index += 1
                } else if scalar == "\r" || scalar == "\n" {
                    let lineStart = index + (scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n" ? 2 : 1)
                    if startsAVisit(at: lineStart) {
                        index = lineStart
                        line += 1
                        return nil
                    }
                    text.append(contentsOf: scalars[index..<lineStart])
                    index = lineStart
                    line += 1
                } else {
                    text.append(scalar)
                    index += 1
                }
            }
            return nil
        }

        /// Where the line end (or the end of the file) is when only spaces and tabs come
        /// from `start` up to it, as after a closing quote; nil when something else does.
        private func lineEnd(after start: Int) -> Int? {
            var end = start
            while end < scalars.count, scalars[end] == " " || scalars[end] == "\t" { end += 1 }
            return end == scalars.count || scalars[end] == "\r" || scalars[end] == "\n" ? end : nil
        }

        /// Whether a quoted text can go on from the line end at `end` no further: the file
        /// ends there, blank lines aside, or the next line starts as a visit does.
        private func textEnds(at end: Int) -> Bool {
            var next = end
            while next < scalars.count, scalars[next] == "\r" || scalars[next] == "\n" { next += 1 }
            return next == scalars.count || startsAVisit(at: next)
        }

        /// Whether the line from `start` begins as a visit's: a code, a comma, a UTC time
        /// and a comma.
        func startsAVisit(at start: Int) -> Bool {
            var commas: [Int] = []
            var end = start
            while end < scalars.count, commas.count < 2, end - start < 64 {
                if scalars[end] == "\r" || scalars[end] == "\n" { return false }
                if scalars[end] == "," { commas.append(end) }
                end += 1
            }
            guard commas.count == 2 else { return false }
            let code = String(String.UnicodeScalarView(scalars[start..<commas[0]]))
            let time = String(String.UnicodeScalarView(scalars[(commas[0] + 1)..<commas[1]]))
            return looksLikeCode(code) && utcTime(time) != nil
        }

        private mutating func skipLineEnd() {
            if scalars[index] == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
            index += 1
            line += 1
        }
    }
}
