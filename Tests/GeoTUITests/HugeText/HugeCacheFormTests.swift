import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// The form on a cache whose details run to megabytes: it shows the cache's first
/// screen, pages through it, and edits its other fields while keeping the long one as
/// stored.
@Suite struct HugeCacheFormTests {
    /// "ab " two million times: 6 MB of short words, far more than the pane wraps whole.
    private static let details = String(repeating: "ab ", count: 2_000_000)
    private static let huge = GeoCache(title: "Huge one", details: details, creator: "ana", reward: "Coin")

    @Test("A cache with megabytes of details shows its first screen and says more follows")
    func showsTheFirstScreen() throws {
        let form = try FormHarness(width: 40, height: 24, caches: [Self.huge])
        let pane = form.controller.layout.pane
        #expect(form.row(pane.y + 1) == "│ Title:   Huge one                    │")
        #expect(form.row(pane.y + 2) == "│ Details: ab ab ab ab ab ab ab ab ab  │")
        #expect(form.row(pane.y + 3) == "│          ab ab ab ab ab ab ab ab ab  │")
        #expect(form.row(pane.maxY - 1).contains("/… ─"))
        #expect(form.row(pane.maxY - 1).contains("▼ more"))
    }

    @Test("A cache with megabytes of details in lines shows each of its lines under the values' column")
    func showsTheLinesOfAHugeValueUnderItsColumn() throws {
        let lines = String(repeating: "a line\r\nanother line\n", count: 250_000)
        let huge = GeoCache(title: "Lines", details: lines, creator: "ana", reward: "Coin")
        let form = try FormHarness(width: 40, height: 24, caches: [huge])
        let pane = form.controller.layout.pane
        #expect(form.row(pane.y + 1) == "│ Title:   Lines                       │")
        #expect(form.row(pane.y + 2) == "│ Details: a line                      │")
        #expect(form.row(pane.y + 3) == "│          another line                │")
        #expect(form.row(pane.y + 4) == "│          a line                      │")
        #expect(form.row(pane.y + 5) == "│          another line                │")
        #expect(form.row(pane.maxY - 1).contains("/… ─"))
    }

    @Test("Page Down pages through a cache with megabytes of details")
    func pagesThroughTheDetails() throws {
        let form = try FormHarness(width: 40, height: 24, caches: [Self.huge])
        for _ in 0..<200 { form.press(.pageDown) }
        let pane = form.controller.layout.pane
        let height = pane.height - 2
        let top = 200 * (height - 1)
        #expect(form.row(pane.maxY - 1).contains(" \(top + 1)-\(top + height)/… "))
        #expect(form.row(pane.y + 1) == "│          ab ab ab ab ab ab ab ab ab  │")
    }

    @Test("Editing a cache with a field too long to edit saves the others and keeps that one as stored")
    func editingKeepsTheLongField() throws {
        let form = try FormHarness(width: 100, height: 24, caches: [Self.huge])
        form.press(.function(4))
        #expect(form.status.contains("Details over 1 MiB, kept as stored"))
        form.press(.control("u"))
        form.type("Huge two")
        form.press(.control("s"))
        let stored = try #require(form.model.current)
        #expect(stored.cache.title == "Huge two")
        #expect(stored.cache.details == Self.details)
    }
}
