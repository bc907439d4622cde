import Foundation
import GeoModel
import Testing
@testable import GeoTUI

/// A find under a `not found` filter, logged in this form or in another session: the
/// found cache stays shown, its neighbours nearest first keep their rank, and the form
/// says what became of it. Driven by key scripts.
@Suite struct FormFilterFindTests {
    static let home = try! Coordinate(parsing: "47.000000, 8.000000")

    /// Stored in this order, each 1 km further north of ``home`` than the one before.
    static let caches = ["One", "Two", "Three", "Four"].enumerated().map { index, title in
        var cache = GeoCache.sample(title)
        cache.code = "GC\(index + 1)F\(index + 1)"
        cache.coordinate = Coordinate(latitudeMicrodegrees: Int32(47_000_000 + (index + 1) * 9_000),
                                      longitudeMicrodegrees: 8_000_000)
        return cache
    }

    /// A form on ``caches`` measuring from ``home``, with `found` found and `filter` set.
    private func form(found: [String] = [], filter: String = "not found") throws -> FormHarness {
        let form = try FormHarness(width: 100, height: 32, caches: Self.caches, position: PositionSource(home: Self.home))
        for title in found {
            let code = try #require(Self.caches.first { $0.title == title }?.code)
            _ = try form.model.logVisit(Visit(code: code, time: "2026-11-28T10:32:00Z", type: .foundIt, text: ""))
        }
        form.press(.alt("s"), .control("u"))
        form.type(filter)
        form.press(.enter)
        return form
    }

    @Test("after a find leaves one cache kept nearest first, Next ranks it and a second Next says there is no other")
    func aSecondNextOnTheOnlyKeptCacheSaysSo() throws {
        let form = try form(found: ["One", "Three"])
        form.press(.control("o"))
        #expect(form.model.current?.cache.title == "Two")
        form.press(.alt("l"), .enter)
        form.press(.control("n"))
        #expect(form.model.current?.cache.title == "Four")
        #expect(form.status.contains("Nearest 1 of 1"), "\(form.status)")
        form.press(.control("n"))
        #expect(form.status.contains("No other cache to show"), "\(form.status)")
    }

    @Test("the shown cache found in another session stays shown under a not-found filter, and the note says why")
    func aFindElsewhereKeepsTheShownCacheAndSaysSo() throws {
        let form = try form()
        form.press(.control("n"))
        #expect(form.model.current?.cache.title == "Two")
        _ = try SQLiteStore(url: form.storeURL).recordVisits([Visit(code: "GC2F2", time: "2026-11-28T10:32:00Z",
                                                                    type: .foundIt, text: "")], as: WriteID())
        form.idle()
        #expect(form.model.current?.cache.title == "Two")
        #expect(form.status.contains("Cache 2 of 4 · 3 of 4 shown"), "\(form.status)")
        #expect(form.status.contains("“Two” was found in another session"), "\(form.status)")
    }
}
