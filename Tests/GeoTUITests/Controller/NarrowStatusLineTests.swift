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

    @Test("at 80 columns a short filter's name shows whole beside the note saying what it keeps")
    func aShortFilterShowsWholeAt80Columns() throws {
        let form = try FormHarness(width: 80, height: 24, caches: caches)
        form.press(.alt("s"))
        form.type("not found")
        form.press(.enter)
        #expect(form.status.contains("Filter: not found "), "\(form.status)")
        #expect(form.status.contains("Showing the"), "\(form.status)")
    }

    @Test("on a wide terminal the filter's name shows whole, however long, where it fits")
    func aWideTerminalShowsTheWholeFilter() throws {
        let form = try FormHarness(width: 200, height: 24, caches: caches)
        form.press(.alt("s"))
        form.type("Micro, Traditional Cache, Small")
        form.press(.enter)
        let summary = try #require(form.model.filter?.summary)
        #expect(summary.count > 32)
        #expect(form.status.contains("Filter: \(summary) "), "\(form.status)")
    }

    @Test("at 40 columns every kind of visit's prompt shows the hint's first words, never a bare …",
          arguments: VisitType.allCases.indices)
    func everyVisitPromptAt40ColumnsShowsTheHintsFirstWords(_ tabs: Int) throws {
        let form = try FormHarness(width: 40, height: 14, caches: caches)
        form.press(.alt("l"))
        for _ in 0..<tabs { form.press(.tab) }
        #expect(!endsInABareEllipsis(form.status), "\(form.status)")
        #expect(form.status.contains("Enter"), "\(form.status)")
    }

    @Test("at 40 columns the warning of a quit key over a visit's text is read whole, whatever the kind of visit",
          arguments: [Key.control("q"), .function(10), .control("c")])
    func theQuitWarningOverTheLongestVisitPromptIsWhole(_ key: Key) throws {
        let form = try FormHarness(width: 40, height: 14, caches: caches)
        form.press(.alt("l"))
        let longest = try #require(VisitType.allCases.indices.max {
            VisitType.allCases[$0].rawValue.count < VisitType.allCases[$1].rawValue.count
        })
        for _ in 0..<longest { form.press(.tab) }
        form.type("Photo from the bridge")
        form.press(key)
        #expect(form.status.hasSuffix(FormText.quitWouldLose(pressed: key)), "\(form.status)")
        #expect(form.status.contains(String(VisitType.allCases[longest].rawValue.prefix(5))), "\(form.status)")
    }
}
