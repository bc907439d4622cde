import Testing
@testable import GeoModel
import GeoTestSupport

@Suite struct GeoCacheTests {
    @Test func descriptionNamesEveryMember() {
        let cache = GeoCache(title: "Old Oak", details: "Behind the tree", creator: "ana", reward: "Travel bug")
        #expect(cache.description == """
            Title:   Old Oak
            Details: Behind the tree
            Creator: ana
            Reward:  Travel bug
            """)
    }

    @Test(arguments: Samples.awkwardStrings)
    func descriptionContainsEachMemberEvenWhenAwkward(_ text: String) {
        let cache = GeoCache(title: "T" + text, details: "D" + text, creator: "C" + text, reward: "R" + text)
        let lines = cache.description.replacingOccurrences(of: "\n         ", with: "\n")
        for field in GeoCache.Field.allCases {
            #expect(lines.contains(cache[field]), "description lacks \(field.label)")
        }
    }

    @Test func descriptionIndentsContinuationLinesUnderTheirLabel() {
        let cache = GeoCache(title: "Oak", details: "line one\nline two", creator: "ana", reward: "Coin")
        #expect(cache.description.contains("Details: line one\n         line two"))
    }

    @Test(arguments: Samples.awkwardStrings)
    func dictionaryRoundTripKeepsAwkwardStrings(_ text: String) {
        let cache = GeoCache(title: text, details: text + "\n" + text, creator: "\u{0}" + text, reward: text + "\u{1B}")
        #expect(GeoCache(fromDictionary: cache.dictionary) == cache)
    }

    @Test func dictionaryUsesTheLabsKeys() {
        #expect(Samples.oak.dictionary == [
            "title": "Old Oak", "details": "Behind the tree", "creator": "ana", "reward": "Travel bug",
        ])
    }

    @Test(arguments: ["title", "details", "creator", "reward"])
    func initializerFromDictionaryFailsWhenKeyIsMissing(_ key: String) {
        var dictionary = Samples.oak.dictionary
        dictionary[key] = nil
        #expect(GeoCache(fromDictionary: dictionary) == nil)
    }

    @Test func initializerFromDictionaryIgnoresExtraKeys() {
        var dictionary = Samples.oak.dictionary
        dictionary["colour"] = "green"
        #expect(GeoCache(fromDictionary: dictionary) == Samples.oak)
    }

    @Test func validCacheHasNoMissingFields() throws {
        #expect(Samples.oak.missingFields.isEmpty)
        #expect(try Samples.oak.validated() == Samples.oak)
    }

    @Test(arguments: [
        ([GeoCache.Field.title], "Title is empty"),
        ([.creator, .reward], "Creator and Reward are empty"),
        ([.title, .details, .reward], "Title, Details and Reward are empty"),
        (GeoCache.Field.allCases, "Title, Details, Creator and Reward are empty"),
    ])
    func validationNamesExactlyTheEmptyFields(_ empty: [GeoCache.Field], _ message: String) {
        var cache = Samples.oak
        for field in empty { cache[field] = "" }
        #expect(cache.missingFields == empty)
        #expect(throws: GeoCacheValidationError(missingFields: empty)) { try cache.validated() }
        #expect(GeoCacheValidationError(missingFields: empty).description == message)
    }

    @Test func whitespaceOnlyFieldCountsAsEmpty() {
        let cache = GeoCache(title: " \t ", details: "\n\n", creator: "\u{3000}", reward: "x")
        #expect(cache.missingFields == [.title, .details, .creator])
    }

    @Test func tabSeparatedLineEscapesControlCharacters() {
        let cache = GeoCache(title: "a\tb", details: "one\ntwo\r", creator: "back\\slash", reward: "\u{1B}[1m\u{0}")
        #expect(cache.tabSeparatedLine == "a\\tb\tone\\ntwo\\r\tback\\\\slash\t\\u{1B}[1m\\u{0}")
    }

    @Test("a line writes every bidirectional control by number, as it writes a control character, so none reorders what a terminal shows")
    func tabSeparatedLineEscapesBidiControls() {
        let cache = GeoCache(title: "a\u{202E}cba", details: "\u{200E}\u{200F}\u{061C}", creator: "\u{2066}x\u{2069}",
                             reward: "\u{202A}\u{202B}\u{202C}\u{202D}\u{2067}\u{2068}")
        #expect(cache.tabSeparatedLine == "a\\u{202E}cba\t\\u{200E}\\u{200F}\\u{61C}\t\\u{2066}x\\u{2069}\t"
                + "\\u{202A}\\u{202B}\\u{202C}\\u{202D}\\u{2067}\\u{2068}")
    }

    @Test func tabSeparatedLineKeepsTheCharactersThatShareABidiControlsLeadByte() {
        // U+2010 to U+2FFF (dashes, quotes, arrows) and Arabic letters from U+0600.
        let cache = GeoCache(title: "\u{2018}Oak\u{2019} \u{2013} \u{2026}", details: "\u{0645}\u{0631}\u{062D}\u{0628}\u{0627}",
                             creator: "\u{200D}\u{200B}", reward: "\u{2069}\u{206A}")
        #expect(cache.tabSeparatedLine == "\u{2018}Oak\u{2019} \u{2013} \u{2026}\t\u{0645}\u{0631}\u{062D}\u{0628}\u{0627}\t"
                + "\u{200D}\u{200B}\t\\u{2069}\u{206A}")
    }

    @Test func tabSeparatedLineKeepsPrintableUnicode() {
        let cache = GeoCache(title: "東京", details: "🧭", creator: "e\u{301}", reward: "\"q\"")
        #expect(cache.tabSeparatedLine == "東京\t🧭\te\u{301}\t\"q\"")
    }

    @Test func theFieldsThatDifferAreNamedInTheFormsOrder() {
        let mine = GeoCache(title: "Oak", details: "Behind", creator: "ana", reward: "Coin")
        let theirs = GeoCache(title: "Oak", details: "In front", creator: "ana", reward: "Bug")
        #expect(mine.fields(differingFrom: theirs) == [.details, .reward])
        #expect(mine.fields(differingFrom: mine).isEmpty)
    }

    @Test func valuesByFieldHoldEveryField() {
        let cache = GeoCache(title: "Oak", details: "Behind", creator: "ana", reward: "Coin")
        #expect(cache.valuesByField == [.title: "Oak", .details: "Behind", .creator: "ana", .reward: "Coin"])
        #expect(GeoCache(fields: cache.valuesByField) == cache)
    }
}
