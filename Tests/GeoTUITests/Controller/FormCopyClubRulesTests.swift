import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// The club's rules on the copy shown while the club store is away: the pane says whose
/// each cache is, as on the club store, and F4, F8 and ^G on a cache that is not this
/// role's say so with the note they give online.
@Suite struct FormCopyClubRulesTests {
    /// A club where ana stored Old Oak, and bo's form opened on the copy bo refreshed
    /// while the server answered (bo's URL on a port where nothing answers).
    private func bosFormOnTheCopy() throws -> (fixture: ClubFixture, form: ClubFormHarness) {
        let fixture = try ClubFixture.make()
        try PostgresStore(url: fixture.url(as: fixture.ana)).add(Samples.oak)
        let away = fixture.url(as: fixture.bo).replacingOccurrences(of: ":\(fixture.server.port)/", with: ":1/")
        let form = try ClubFormHarness(url: away) { files in
            try ClubCopy(files: files).refresh(from: PostgresStore(url: fixture.url(as: fixture.bo)), area: nil)
        }
        #expect(form.title.contains("club store away"))
        #expect(form.model.current?.cache.title == Samples.oak.title)
        return (fixture, form)
    }

    @Test func thePaneOnTheCopyShowsTheOwnerAndWhoChangedTheCacheLast() throws {
        let (fixture, form) = try bosFormOnTheCopy()
        #expect(form.screen.contains("Owner:   \(fixture.ana) (changed by \(fixture.ana), "), "the screen was: \(form.screen)")
    }

    @Test("F4, F8 and ^G on another member's cache on the copy say whose it is, as on the club store",
          arguments: [Key.function(4), .function(8), .control("g")])
    func aChangeOfAnotherMembersCacheOnTheCopySaysWhoseItIs(_ key: Key) throws {
        let (fixture, form) = try bosFormOnTheCopy()
        form.press(key)
        #expect(form.status.contains("Only \(fixture.ana) or a keeper can change this cache"),
                "the status line was: \(form.status)")
        #expect(form.controller.mode.editSession == nil)
        #expect(form.controller.mode.deleteQuestion == nil)
        #expect(form.controller.mode.placingTarget == nil)
    }
}
