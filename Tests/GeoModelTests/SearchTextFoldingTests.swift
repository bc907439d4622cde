import Foundation
import Testing
@testable import GeoModel

/// The ASCII fast path of the search text folds exactly as Foundation's folding does.
@Suite("Search text folding")
struct SearchTextFoldingTests {
    /// The search text the slow way, always through Foundation.
    private func foundationSearchText(_ cache: GeoCache) -> String {
        SearchFolding.folded([cache.title, cache.details, cache.creator, cache.reward]
            .joined(separator: SearchFolding.fieldSeparator))
    }

    @Test func everyASCIICharacterFoldsAsFoundationFoldsIt() {
        for value in 0..<128 {
            let character = String(UnicodeScalar(UInt8(value)))
            let cache = GeoCache(title: "A" + character, details: character, creator: character + "z", reward: "Q")
            #expect(Array(SearchFolding.searchText(for: cache).utf8) == Array(foundationSearchText(cache).utf8),
                    "byte \(value)")
        }
    }

    @Test func allOfASCIIInOneFieldFoldsAsFoundationFoldsIt() {
        let all = String(decoding: (0..<128).map(UInt8.init), as: UTF8.self)
        let cache = GeoCache(title: all, details: String(all.reversed()), creator: "MiXeD CaSe", reward: "~^`")
        #expect(SearchFolding.asciiSearchText(for: cache) != nil)
        #expect(Array(SearchFolding.searchText(for: cache).utf8) == Array(foundationSearchText(cache).utf8))
    }

    @Test(arguments: ["Zürich", "東京", "e\u{301}", "\u{80}", "Ω"])
    func aCacheWithAnyNonASCIIFieldTakesFoundationsFolding(text: String) {
        let cache = GeoCache(title: "Plain", details: "Plain", creator: text, reward: "Plain")
        #expect(SearchFolding.asciiSearchText(for: cache) == nil)
        #expect(SearchFolding.searchText(for: cache) == foundationSearchText(cache))
    }
}
