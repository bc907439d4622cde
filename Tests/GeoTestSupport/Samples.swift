import GeoModel

/// Sample caches for tests.
package enum Samples {
    package static let oak = GeoCache(title: "Old Oak", details: "Behind the tree", creator: "ana", reward: "Travel bug")
    package static let bridge = GeoCache(title: "Bridge", details: "Under the arch", creator: "bo", reward: "Coin")
    package static let mill = GeoCache(title: "Mill", details: "By the wheel", creator: "cy", reward: "Pencil")

    /// A valid cache whose title carries `number`.
    package static func numbered(_ number: Int) -> GeoCache {
        GeoCache(title: "Cache \(number)", details: "Details \(number)", creator: "tester", reward: "Reward \(number)")
    }

    /// Strings a store and a dictionary must carry unchanged.
    package static let awkwardStrings: [String] = [
        "",
        "line one\nline two\r\nline three",
        "東京タワーの下",
        "🧭📦 🇫🇷 👩‍👩‍👧",
        "e\u{301}te\u{301} and a\u{30A}",
        "\"double\" and 'single' quotes, `backticks`",
        "escape \u{1B}[31mred\u{1B}[0m, bell \u{7}, tab \t, NUL \u{0} inside",
        "trailing NUL\u{0}",
        "   ",
    ]
}
