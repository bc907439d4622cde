import Foundation
import GeoModel
import Testing
@testable import GeoTUI

/// The status line where its parts compete for the room: a prompt's field at 40 columns,
/// a filter's name beside a long note.
@Suite struct NarrowStatusLineTests {
    private let caches: [GeoCache] = ["One", "Two", "Three", "Four"].map { GeoCache.sample($0) }

    /// Whether the status line's note ends as a bare `…`, a lone mark after blanks.
    private func endsInABareEllipsis(_ status: String) -> Bool {
        status.trimmingCharacters(in: .whitespaces).hasSuffix(" …") || status.trimmingCharacters(in: .whitespaces) == "…"
    }

    @Test("at 40 columns the prompts' status line shows the hint's first words, never a bare …",
          arguments: [Key.control("g"), .alt("l"), .alt("s"), .alt("n"), .alt("c"), .control("f")])
    func aPromptAt40ColumnsShowsTheHintsFirstWords(_ key: Key) throws {
        let form = try FormHarness(width: 40, height: 14, caches: caches)
        form.press(key)
        #expect(!endsInABareEllipsis(form.status), "\(form.status)")
        #expect(form.status.contains("Enter"), "\(form.status)")
    }
}
