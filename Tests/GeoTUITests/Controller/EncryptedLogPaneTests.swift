import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// A log its finder encrypted is a spoiler, as the hint is: the pane hides its text
/// until ^T shows the shown cache's hint and encrypted logs.
@Suite struct EncryptedLogPaneTests {
    static func cache(hint: String? = nil) -> GeoCache {
        GeoCache(title: "Old Mill", details: "By the wheel", creator: "ana", reward: "Coin", code: "GC31J2H",
                 listing: Listing(hint: hint, logs: [
                     CacheLog(date: "2024-05-03T10:00:00Z", type: "Found it", finder: "bo", text: "Under the third stone",
                              isEncoded: true),
                     CacheLog(date: "2024-05-02T10:00:00Z", type: "Found it", finder: "kim", text: "TFTC"),
                 ]))
    }

    private func form(showing cache: GeoCache) throws -> FormHarness {
        let form = try FormHarness(width: 100, height: 32)
        try form.model.add(cache)
        form.redraw()
        return form
    }

    @Test("an encrypted log's text is hidden, saying which key shows it; a plain log's is shown")
    func anEncryptedLogIsHidden() throws {
        let form = try form(showing: Self.cache())
        #expect(form.screen.contains("Log:     2024-05-03 Found it by bo"))
        #expect(form.screen.contains("encrypted by its finder (^T shows it)"), "\(form.screen)")
        #expect(!form.screen.contains("Under the third stone"))
        #expect(form.screen.contains("TFTC"))
    }

    @Test("^T shows an encrypted log's text and says so, and hides it again")
    func controlTShowsTheEncryptedLog() throws {
        let form = try form(showing: Self.cache())
        form.press(.control("t"))
        #expect(form.screen.contains("Under the third stone"))
        #expect(form.controller.statusBar.note == FormText.encryptedLogsShown)
        form.press(.control("t"))
        #expect(!form.screen.contains("Under the third stone"))
        #expect(form.controller.statusBar.note == FormText.encryptedLogsHidden)
    }

    @Test("^T on a cache with a hint and an encrypted log shows both and names both")
    func controlTShowsHintAndLog() throws {
        let form = try form(showing: Self.cache(hint: "Magnetic"))
        form.press(.control("t"))
        #expect(form.screen.contains("Hint:    Magnetic"))
        #expect(form.screen.contains("Under the third stone"))
        #expect(form.controller.statusBar.note == FormText.spoilersShown)
    }

    @Test("the help bar offers ^T Hint only while a cache is shown")
    func theHelpBarOffersTheHintKeyOnlyWithACacheShown() throws {
        let form = try FormHarness(width: 240, height: 32)
        #expect(form.help.contains("^O Nearest"), "\(form.help)")
        #expect(!form.help.contains("^T Hint"), "\(form.help)")
        try form.model.add(Self.cache(hint: "Magnetic"))
        form.redraw()
        #expect(form.help.contains("^T Hint"), "\(form.help)")
    }
}
