import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// Helpers shared by the interchange tests.
enum Interchange {
    /// The URL of a fixture file under Tests/GeoModelTests/Fixtures.
    static func fixture(_ name: String) throws -> URL {
        let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent(name)
        #expect(FileManager.default.fileExists(atPath: url.path), "missing fixture \(name)")
        return url
    }

    /// Every record of a source, in order.
    static func records(_ source: ImportSource) throws -> [ImportRecord] {
        var records: [ImportRecord] = []
        try CacheImporter.read(source) { records.append($0) }
        return records
    }

    /// The records of some text, read as if it were a file named `name`.
    static func records(text: String, name: String = "input") throws -> [ImportRecord] {
        try records(.bytes(Array(text.utf8), name: name))
    }

    /// The caches among `records`.
    static func caches(_ records: [ImportRecord]) -> [GeoCache] {
        records.compactMap { if case .cache(let cache, _, _) = $0 { cache } else { nil } }
    }

    /// The caches among `records` with only their four fields: what the tests of the
    /// lab's fields compare (the code, place and listing are asserted on their own).
    static func labCaches(_ records: [ImportRecord]) -> [GeoCache] {
        caches(records).map(labFields)
    }

    /// `cache` with only its four fields.
    static func labFields(_ cache: GeoCache) -> GeoCache {
        GeoCache(title: cache.title, details: cache.details, creator: cache.creator, reward: cache.reward)
    }

    /// `caches`, each given a coordinate of its own (GPX and LOC write only caches that
    /// have one): the n-th (from 0) at N 47.1 + n/1000°, E 8.5 − n/1000°.
    static func placed(_ caches: [GeoCache]) -> [GeoCache] {
        caches.enumerated().map { index, cache in
            var placed = cache
            placed.coordinate = Coordinate(latitudeMicrodegrees: Int32(47_100_000 + index * 1_000),
                                           longitudeMicrodegrees: Int32(8_500_000 - index * 1_000))
            return placed
        }
    }

    /// The additional waypoints among `records`, each with the code of its cache when
    /// the file named it (`gsak:Parent`).
    static func waypoints(_ records: [ImportRecord]) -> [(waypoint: AdditionalWaypoint, parent: String?)] {
        records.compactMap { if case .waypoint(let waypoint, let parent, _, _, _) = $0 { (waypoint, parent) } else { nil } }
    }

    /// The rejected records among `records`.
    static func rejections(_ records: [ImportRecord]) -> [RejectedRecord] {
        records.compactMap { if case .rejected(let rejection) = $0 { rejection } else { nil } }
    }

    /// The ImportError thrown while reading `source`, or nil when none is thrown.
    static func importError(_ source: ImportSource) -> ImportError? {
        do {
            _ = try records(source)
            return nil
        } catch let error as ImportError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    /// ``awkwardCaches`` as a store of `kind` takes them: the club store's `text`
    /// refuses NUL (PostgresNULTests), so there each NUL becomes U+2400 (␀).
    static func awkwardCaches(storableOn kind: StoreKind) -> [GeoCache] {
        guard kind == .postgres else { return awkwardCaches }
        return awkwardCaches.map { cache in
            var storable = cache
            for field in GeoCache.Field.allCases { storable[field] = cache[field].replacingOccurrences(of: "\u{0}", with: "\u{2400}") }
            return storable
        }
    }

    /// Caches whose fields are the strings a format must carry unchanged.
    static let awkwardCaches: [GeoCache] = [
        GeoCache(title: "東京タワーの下", details: "赤い柱の後ろ\n二行目", creator: "山田太郎", reward: "お守り"),
        GeoCache(title: "🧭📦 🇫🇷 👩‍👩‍👧", details: "e\u{301}te\u{301} and a\u{30A}", creator: "zoë", reward: "🪙"),
        GeoCache(title: "\"double\" and 'single' quotes", details: "<b>not bold</b> & &amp; ]]> <![CDATA[",
                 creator: "a < b > c", reward: "back\\slash /slash"),
        GeoCache(title: "multi\nline\ntitle", details: "  leading and trailing spaces  ",
                 creator: "tab\there", reward: "CR\r\nLF and lone CR\rend"),
        GeoCache(title: "controls \u{1B}[31mred\u{1B}[0m", details: "bell \u{7} and NUL \u{0} inside",
                 creator: "del \u{7F} c1 \u{85}", reward: "form\u{0C}feed"),
        GeoCache(title: "picture ␇ already", details: "plain", creator: "x", reward: "y"),
        GeoCache(title: "Old Oak", details: "Behind the tree", creator: "ana", reward: "Travel bug"),
    ]
}
