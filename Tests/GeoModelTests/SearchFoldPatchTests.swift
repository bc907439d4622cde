import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// An SQLite store keeps only where folding changes a cache's text; the search text
/// rebuilt from the fields and that patch is Foundation's folding of the whole text,
/// byte for byte.
@Suite("Search fold patch")
struct SearchFoldPatchTests {
    /// The search text the reference way: Foundation folds the four joined fields.
    private func foundationSearchText(_ cache: GeoCache) -> [UInt8] {
        Array(SearchFolding.folded([cache.title, cache.details, cache.creator, cache.reward]
            .joined(separator: SearchFolding.fieldSeparator)).utf8)
    }

    /// The search text rebuilt from `cache`'s fields and `patch`, or nil when the
    /// patch does not fit them.
    private func rebuilt(_ cache: GeoCache, patch: [UInt8]?) -> [UInt8]? {
        let fields = GeoCache.Field.allCases.map { Array(cache[$0].utf8) }
        var output: [UInt8] = []
        let fits = fields[0].withUnsafeBytes { title in
            fields[1].withUnsafeBytes { details in
                fields[2].withUnsafeBytes { creator in
                    fields[3].withUnsafeBytes { reward in
                        (patch ?? []).withUnsafeBytes { patch in
                            SearchFoldPatch.apply(to: [title, details, creator, reward], patch: patch, into: &output)
                        }
                    }
                }
            }
        }
        return fits ? output : nil
    }

    private func expectRebuildsFoundationFolding(_ cache: GeoCache, sourceLocation: SourceLocation = #_sourceLocation) {
        var builder = SearchFoldPatch.Builder()
        let patch = builder.patch(for: cache)
        #expect(rebuilt(cache, patch: patch) == foundationSearchText(cache),
                "\(cache.title.debugDescription) \(cache.details.debugDescription)", sourceLocation: sourceLocation)
    }

    @Test func asciiTextNeedsNoPatch() {
        var builder = SearchFoldPatch.Builder()
        #expect(builder.patch(for: GeoCache(title: "Old OAK", details: "Behind the [3rd] stone!", creator: "Ana", reward: "TB")) == nil)
    }

    @Test(arguments: ["47° 22’ N", "東京 タワー", "— “quoted” —", "😀 👍🏽"])
    func textFoldingLeavesAloneNeedsNoPatch(text: String) {
        var builder = SearchFoldPatch.Builder()
        #expect(builder.patch(for: GeoCache(title: "Title", details: text, creator: "Ana", reward: "Coin")) == nil)
    }

    @Test func aPatchHoldsOnlyTheChangedBytes() throws {
        var builder = SearchFoldPatch.Builder()
        let made = builder.patch(for: GeoCache(title: "Brücke", details: "d", creator: "c", reward: "r"))
        let patch = try #require(made)
        // Two bytes kept ("br"), the two bytes of "ü" replaced by "u": four numbers' worth.
        #expect(patch == [2, 2, 1, UInt8(ascii: "u")])
    }

    @Test(arguments: [
        "Zürich ZÜRICH zürich", "Straße STRASSE", "Café CAFÉ cafe\u{301}", "e\u{301} E\u{301}\u{302}",
        "ΟΔΟΣ οδός Σίσυφος", "İstanbul ıi", "ﬁne ﬂow", "Ǆ ǅ ǆ", "Ångström Å", "ＡＢＣ ａｂｃ",
        "한국어 텍스트", "👨‍👩‍👧 family", "\r\n\u{301}", "a\u{0}ü\u{0}b", "x\u{1F}ü", "l’église à côté",
        "Ḃ\u{323}\u{307}", "\u{301}leading mark", "trailing Ü", "ÜÜÜ", "ß", "Ꭰ ꭰ", "Ⅻ ⅻ", "Ⓐ ⓐ",
    ])
    func awkwardTextRebuildsFoundationFolding(text: String) {
        expectRebuildsFoundationFolding(GeoCache(title: text, details: "Über " + text + " Ende", creator: text, reward: "r"))
    }

    @Test func randomTextRebuildsFoundationFolding() {
        // Scalars where folding is most likely to depend on what surrounds them.
        let pool: [Unicode.Scalar] = Array("aZ 9.,'’-_\t\n\u{1F}\u{0}").flatMap(\.unicodeScalars)
            + ["\u{301}", "\u{308}", "\u{323}", "\u{200D}", "\u{FE0F}", "\u{1F3FD}", "\u{1F468}", "Σ", "σ", "ς",
               "ß", "ẞ", "İ", "ı", "ﬁ", "Å", "Å", "ü", "Ü", "é", "É", "ø", "Ø", "Æ", "œ", "ǅ", "한", "ᄒ", "ᅡ",
               "東", "ｱ", "Ａ", "Ⅻ", "ⓐ", "\u{0600}", "\u{0915}", "\u{094D}", "°", "€", "\u{85}", "\u{A0}"]
        var generator = SeededGenerator(state: 11)
        for _ in 0..<5_000 {
            func text() -> String {
                var scalars = String.UnicodeScalarView()
                for _ in 0..<Int.random(in: 0...12, using: &generator) {
                    scalars.append(pool.randomElement(using: &generator)!)
                }
                return String(scalars)
            }
            expectRebuildsFoundationFolding(GeoCache(title: text(), details: text(), creator: text(), reward: text()))
        }
    }

    @Test func aBuilderGivesTheSamePatchesWhenItRemembersWords() {
        var remembering = SearchFoldPatch.Builder()
        let caches = (0..<50).map { GeoCache(title: "Brücke \($0)", details: "Über die Brücke, dann Straße \($0 % 3)", creator: "Zoë", reward: "r") }
        for cache in caches {
            var fresh = SearchFoldPatch.Builder()
            #expect(remembering.patch(for: cache) == fresh.patch(for: cache))
        }
    }

    @Test func aPatchThatDoesNotFitTheFieldsIsRefused() {
        let cache = GeoCache(title: "ab", details: "c", creator: "d", reward: "e")
        #expect(rebuilt(cache, patch: [50, 1, 0]) == nil)
        #expect(rebuilt(cache, patch: [0, 1, 9, 0x41]) == nil)
        #expect(rebuilt(cache, patch: [0x80]) == nil)
    }
}

/// The digest that finds duplicates is stored, so it never changes, and it tells
/// fields apart.
@Suite("Content digest")
struct ContentDigestTests {
    @Test func theDigestOfAKnownCacheNeverChanges() {
        // Stored in every store since schema v3: a new value would hide duplicates.
        #expect(ContentDigest.of(GeoCache(title: "Old oak", details: "Behind the stone", creator: "ana", reward: "Coin"))
                == 6_138_234_358_601_600_299)
    }

    @Test func movingTextFromOneFieldToTheNextChangesTheDigest() {
        #expect(ContentDigest.of(GeoCache(title: "ab", details: "c", creator: "d", reward: "e"))
                != ContentDigest.of(GeoCache(title: "a", details: "bc", creator: "d", reward: "e")))
    }

    @Test func theDigestTakesEveryByte() {
        let base = GeoCache(title: String(repeating: "x", count: 40), details: "d", creator: "c", reward: "r")
        var seen: Set<Int64> = [ContentDigest.of(base)]
        for index in 0..<40 {
            var changed = base
            var bytes = Array(changed.title.utf8)
            bytes[index] = UInt8(ascii: "y")
            changed.title = String(decoding: bytes, as: UTF8.self)
            #expect(seen.insert(ContentDigest.of(changed)).inserted, "byte \(index)")
        }
    }
}
