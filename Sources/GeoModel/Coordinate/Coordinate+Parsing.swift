extension Coordinate {
    /// Reads a coordinate written the ways geocachers write them, latitude first.
    ///
    /// Accepted, in upper or lower case and with any spaces between the parts:
    /// - degrees and decimal minutes: `N47 22.123 E008 32.456`, `N 47° 22.123′ E 8° 32.456′`
    ///   (or with `'`);
    /// - signed decimal degrees, separated by a comma or a space: `47.368717, 8.540933`,
    ///   `-33.856784 -151.215297`, or with hemisphere letters instead of signs
    ///   (`N 47.368717 E 8.540933`);
    /// - degrees, minutes and seconds: `47°22'07.4"N 8°32'27.4"E`, also with `′` and `″`
    ///   (or `''`) and unmarked (`N 47 22 07.4 E 8 32 27.4`).
    ///
    /// A hemisphere letter may stand before or after its angle; with minutes it is
    /// required. Both angles are written in the same form. A comma may separate the latitude from the longitude. Degrees followed
    /// by minutes, and minutes followed by seconds, are whole numbers. The angles are
    /// rounded to the nearest microdegree.
    ///
    /// - Parameter text: The coordinate as a person wrote it.
    /// - Throws: ``CoordinateParseError`` naming the first thing that is wrong.
    /// A number with an exponent (`1e308`, `4.7E1`) is no way of writing an angle: when
    /// the text is not a coordinate and holds one, the error names it
    /// (``CoordinateParseError/exponent(_:)``) rather than whatever its `e` made of the
    /// rest (an east longitude of 308). A text that reads as a coordinate is read as one
    /// (`N47E8`, `47E8`: a latitude and an east longitude).
    public init(parsing text: String) throws(CoordinateParseError) {
        var parser = CoordinateParser(text: text)
        do {
            let (latitude, longitude) = try parser.parse()
            self.latitudeMicrodegrees = latitude
            self.longitudeMicrodegrees = longitude
        } catch {
            if let written = CoordinateParser.numberWithExponent(in: text) { throw .exponent(written) }
            if let pointed = CoordinateParser.withDecimalPoints(text) { throw .decimalCommas(pointed: pointed) }
            throw error
        }
    }
}

/// The reading behind ``Coordinate/init(parsing:)``: the text cut into tokens, then read
/// one angle after the other.
struct CoordinateParser {
    /// A number as written: its digits, its size and whether a sign came with it.
    struct Number {
        /// The digits as written, without the sign.
        var text: Substring
        /// The size, without the sign.
        var value: Double
        /// Whether a `+` or `-` came before the digits.
        var hasSign: Bool
        /// Whether the sign is a minus.
        var isNegative: Bool
        /// Whether the number has a decimal point.
        var hasFraction: Bool
    }

    /// What a token is.
    enum Kind {
        /// Digits, perhaps with a sign and a decimal point.
        case number(Number)
        /// N, S, E or W, in upper case, standing alone.
        case hemisphere(Character)
        /// A degree sign after a number.
        case degreeMark
        /// A prime or what stands for it after a number.
        case minuteMark
        /// A double prime or what stands for it after a number.
        case secondMark
        /// The comma between the latitude and the longitude.
        case comma
        /// Anything else: a word, a stray sign.
        case other
    }

    /// One piece of the text and where it stands.
    struct Token {
        /// What the piece is.
        var kind: Kind
        /// Where the piece stands in the text.
        var range: Range<String.Index>
    }

    /// One angle as read, before it is checked.
    struct Angle {
        /// The hemisphere letter, before or after the numbers, if any.
        var hemisphere: Character?
        /// The degrees.
        var degrees: Number
        /// The minutes, if any.
        var minutes: Number?
        /// The seconds, if any.
        var seconds: Number?
        /// The angle as the person wrote it.
        var written: Substring
    }

    /// The whole text.
    let text: String
    /// The text's tokens, in order.
    let tokens: [Token]
    /// The token to read next.
    private var position = 0

    /// Cuts `text` into tokens.
    ///
    /// - Parameter text: The coordinate as a person wrote it.
    init(text: String) {
        self.text = text
        self.tokens = Self.tokens(of: text)
    }

    /// The latitude and longitude in microdegrees, or the first thing that is wrong.
    mutating func parse() throws(CoordinateParseError) -> (Int32, Int32) {
        guard let first = tokens.first, let last = tokens.last else { throw .empty }
        let hasComma = tokens.contains { if case .comma = $0.kind { true } else { false } }
        let hasHemisphere = tokens.contains { Self.isHemisphere($0) }
        let numberCount = tokens.count(where: { if case .number = $0.kind { true } else { false } })
        // Bare numbers split evenly: "47.368717 8.540933", "47 22.123 8 32.456".
        let latitudeNumbers = !hasComma && !hasHemisphere && [2, 4, 6].contains(numberCount) ? numberCount / 2 : 3
        // Letters after the angles: a letter after the latitude's numbers is its own.
        let lettersAfter = Self.isHemisphere(last) && !Self.isHemisphere(first)

        let latitude = try readAngle(.latitude, maximumNumbers: latitudeNumbers, lettersAfter: lettersAfter)
        let latitudeValue = try Self.microdegrees(of: latitude, axis: .latitude)
        if position < tokens.count, case .comma = tokens[position].kind { position += 1 }
        guard position < tokens.count else { throw .missingLongitude }
        let longitude = try readAngle(.longitude, maximumNumbers: 3, lettersAfter: true)
        let longitudeValue = try Self.microdegrees(of: longitude, axis: .longitude)
        guard position == tokens.count else {
            throw .trailingText(String(text[tokens[position].range.lowerBound...]).trimmingWhitespace())
        }
        guard (latitude.minutes == nil) == (longitude.minutes == nil),
              (latitude.seconds == nil) == (longitude.seconds == nil) else {
            throw .mixedForms(latitude: String(latitude.written), longitude: String(longitude.written))
        }
        return (latitudeValue, longitudeValue)
    }

    /// Reads one angle from the current token: a hemisphere letter or none, degrees,
    /// perhaps minutes and seconds, each perhaps marked, and a letter after if none came before.
    ///
    /// - Parameters:
    ///   - axis: Which angle is read, for the errors.
    ///   - maximumNumbers: How many numbers the angle may take.
    ///   - lettersAfter: Whether a hemisphere letter followed by a number belongs to this
    ///     angle (letters written after the angles) or to the next (letters written before).
    private mutating func readAngle(_ axis: Coordinate.Axis, maximumNumbers: Int,
                                    lettersAfter: Bool) throws(CoordinateParseError) -> Angle {
        let start = tokens[position].range.lowerBound
        var hemisphere: Character?
        if case .hemisphere(let letter) = tokens[position].kind {
            hemisphere = letter
            position += 1
        }
        guard position < tokens.count else { throw .unexpectedText(String(text[start...]).trimmingWhitespace()) }
        guard case .number(let degrees) = tokens[position].kind else {
            throw .unexpectedText(String(text[tokens[position].range]))
        }
        position += 1
        skip(.degreeMark)
        var angle = Angle(hemisphere: hemisphere, degrees: degrees, written: "")
        if !degrees.hasFraction, maximumNumbers >= 2, let minutes = nextNumber(notMarkedAs: [.degreeMark]) {
            angle.minutes = minutes
            position += 1
            skip(.minuteMark)
            if !minutes.hasFraction, maximumNumbers >= 3,
               let seconds = nextNumber(notMarkedAs: [.degreeMark, .minuteMark]) {
                angle.seconds = seconds
                position += 1
                skip(.secondMark)
            }
        }
        if hemisphere == nil, position < tokens.count, case .hemisphere(let letter) = tokens[position].kind {
            let numberFollows = position + 1 < tokens.count && Self.isNumber(tokens[position + 1])
            if axis == .longitude || lettersAfter || !numberFollows {
                angle.hemisphere = letter
                position += 1
            }
        }
        angle.written = text[start..<tokens[position - 1].range.upperBound]
        return angle
    }

    /// The number at the current token, unless there is none or a mark in `marks` follows it.
    ///
    /// - Parameter marks: The marks that make the number something else than the one sought.
    private func nextNumber(notMarkedAs marks: [Kind]) -> Number? {
        guard position < tokens.count, case .number(let number) = tokens[position].kind else { return nil }
        if position + 1 < tokens.count, marks.contains(where: { Self.same($0, tokens[position + 1].kind) }) {
            return nil
        }
        return number
    }

    /// Steps over the current token when it is `mark`.
    ///
    /// - Parameter mark: The mark to step over.
    private mutating func skip(_ mark: Kind) {
        if position < tokens.count, Self.same(mark, tokens[position].kind) { position += 1 }
    }

    /// The angle in microdegrees, signed, or what is wrong with it.
    ///
    /// - Parameters:
    ///   - angle: The angle as read.
    ///   - axis: Which angle it is.
    static func microdegrees(of angle: Angle, axis: Coordinate.Axis) throws(CoordinateParseError) -> Int32 {
        let (positive, negative) = axis.hemispheres
        if let letter = angle.hemisphere {
            guard letter == positive || letter == negative else { throw .wrongHemisphere(axis, letter: letter) }
            guard !angle.degrees.hasSign else { throw .signAndHemisphere(axis) }
        } else if angle.minutes != nil {
            throw .missingHemisphere(axis)
        }
        for part in [angle.minutes, angle.seconds].compactMap({ $0 }) where part.hasSign {
            throw .signedMinutesOrSeconds(axis, written: (part.isNegative ? "-" : "+") + part.text)
        }
        if let minutes = angle.minutes, minutes.value >= 60 {
            throw .minutesNotBelow60(axis, written: String(minutes.text))
        }
        if let seconds = angle.seconds, seconds.value >= 60 {
            throw .secondsNotBelow60(axis, written: String(seconds.text))
        }
        let degrees = angle.degrees.value + (angle.minutes?.value ?? 0) / 60 + (angle.seconds?.value ?? 0) / 3600
        let size = (degrees * 1_000_000).rounded()
        guard size <= Double(axis.maximumMicrodegrees) else {
            let written = String(angle.written)
            throw axis == .latitude ? .latitudeBeyond90(written: written) : .longitudeBeyond180(written: written)
        }
        let isNegative = angle.hemisphere == negative || angle.degrees.isNegative
        return Int32(isNegative ? -size : size)
    }

    /// Whether two kinds are the same mark or both commas.
    ///
    /// - Parameters:
    ///   - lhs: One kind.
    ///   - rhs: The other.
    private static func same(_ lhs: Kind, _ rhs: Kind) -> Bool {
        switch (lhs, rhs) {
        case (.degreeMark, .degreeMark), (.minuteMark, .minuteMark), (.secondMark, .secondMark), (.comma, .comma):
            true
        default:
            false
        }
    }

    /// Whether `token` is a hemisphere letter.
    ///
    /// - Parameter token: The token.
    private static func isHemisphere(_ token: Token) -> Bool {
        if case .hemisphere = token.kind { true } else { false }
    }

    /// Whether `token` is a number.
    ///
    /// - Parameter token: The token.
    private static func isNumber(_ token: Token) -> Bool {
        if case .number = token.kind { true } else { false }
    }

    /// The first number written with an exponent in `text`: digits (perhaps with a sign
    /// and a decimal point) followed at once by `e` or `E`, perhaps a sign, and digits,
    /// with no letter or digit right after.
    /// `text` with points for commas when it is two decimal numbers written with
    /// decimal commas and a space between (`47,368717 8,540933`, `-33,85 151,2`); nil
    /// otherwise (`47,8` is a latitude and a longitude).
    static func withDecimalPoints(_ text: String) -> String? {
        let halves = text.split(whereSeparator: \.isWhitespace)
        func isDecimal(_ half: Substring) -> Bool {
            let unsigned = half.first == "-" || half.first == "+" ? half.dropFirst() : half
            let parts = unsigned.split(separator: ",", omittingEmptySubsequences: false)
            return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
        }
        guard halves.count == 2, halves.allSatisfy(isDecimal) else { return nil }
        return halves.map { $0.replacingOccurrences(of: ",", with: ".") }.joined(separator: ", ")
    }

    static func numberWithExponent(in text: String) -> String? {
        let characters = Array(text)
        func isDigit(_ index: Int) -> Bool { index < characters.count && ("0"..."9").contains(characters[index]) }
        var index = 0
        while index < characters.count {
            guard isDigit(index), index == 0 || !(characters[index - 1].isLetter || isDigit(index - 1)
                                                  || characters[index - 1] == ".") else {
                index += 1
                continue
            }
            var start = index
            if start > 0, signs.contains(characters[start - 1]) { start -= 1 }
            var end = index
            while isDigit(end) || (characters.indices.contains(end) && characters[end] == "." && isDigit(end + 1)) {
                end += 1
            }
            if end < characters.count, characters[end] == "e" || characters[end] == "E" {
                var exponent = end + 1
                if exponent < characters.count, signs.contains(characters[exponent]) { exponent += 1 }
                if isDigit(exponent) {
                    while isDigit(exponent) { exponent += 1 }
                    if exponent == characters.count || !characters[exponent].isLetter {
                        return String(characters[start..<exponent])
                    }
                }
            }
            index = end
        }
        return nil
    }

    /// The marks for degrees: the degree sign, the ordinal sign and the ring above.
    static let degreeMarks: Set<Character> = ["°", "º", "˚"]
    /// The marks for minutes: the prime, the apostrophe and the quotation marks that stand for it.
    static let minuteMarks: Set<Character> = ["′", "'", "’", "‘", "´"]
    /// The marks for seconds: the double prime and the quotation marks that stand for it.
    static let secondMarks: Set<Character> = ["″", "\"", "”", "“"]
    /// The signs: plus, hyphen-minus and the minus sign.
    static let signs: Set<Character> = ["+", "-", "−"]

    /// Cuts `text` into numbers, hemisphere letters, marks, commas and anything else,
    /// leaving out whitespace.
    ///
    /// - Parameter text: The coordinate as a person wrote it.
    static func tokens(of text: String) -> [Token] {
        var tokens: [Token] = []
        var index = text.startIndex
        func isDigit(_ at: String.Index) -> Bool {
            at < text.endIndex && ("0"..."9").contains(text[at])
        }
        func digitsEnd(from start: String.Index) -> String.Index {
            var end = start
            while isDigit(end) { end = text.index(after: end) }
            return end
        }
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character.isWhitespace {
                index = next
                continue
            }
            let kind: Kind
            var end = next
            if isDigit(index) || (signs.contains(character) && isDigit(next)) {
                let digitsStart = isDigit(index) ? index : next
                end = digitsEnd(from: digitsStart)
                var hasFraction = false
                if end < text.endIndex, text[end] == ".", isDigit(text.index(after: end)) {
                    hasFraction = true
                    end = digitsEnd(from: text.index(after: end))
                }
                // Digits with at most one point inside always make a Double (perhaps infinite).
                let digits = text[digitsStart..<end]
                kind = .number(Number(text: digits, value: Double(digits) ?? .infinity, hasSign: digitsStart != index,
                                      isNegative: character == "-" || character == "−", hasFraction: hasFraction))
            } else if character == "," {
                kind = .comma
            } else if degreeMarks.contains(character) {
                kind = .degreeMark
            } else if character == "'", next < text.endIndex, text[next] == "'" {
                kind = .secondMark
                end = text.index(after: next)
            } else if minuteMarks.contains(character) {
                kind = .minuteMark
            } else if secondMarks.contains(character) {
                kind = .secondMark
            } else if character.isLetter {
                while end < text.endIndex, text[end].isLetter { end = text.index(after: end) }
                let word = text[index..<end].uppercased()
                kind = ["N", "S", "E", "W"].contains(word) ? .hemisphere(Character(word)) : .other
            } else {
                while end < text.endIndex, !text[end].isWhitespace { end = text.index(after: end) }
                kind = .other
            }
            tokens.append(Token(kind: kind, range: index..<end))
            index = end
        }
        return tokens
    }
}
