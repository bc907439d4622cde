import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// The form on a club store that cannot be reached, showing a copy dated ahead of this
/// machine's clock: its status line says the clocks disagree, never "just now".
@Suite struct FormCopyClockTests {
    @Test func theFormOnACopyDatedAYearAheadSaysTheClocksDisagree() throws {
        let form = try ClubFormHarness { files in
            let live = try PostgresStore(url: try PostgresTestServer.shared().makeDatabase())
            try live.add(Samples.oak)
            try ClubCopy(files: files).refresh(from: live, area: nil)
            try CopyDating.shift(files, by: CopyDating.yearAhead)
        }
        #expect(form.status.contains("club store away; showing the copy of 365 days from now: the clocks disagree"),
                "the status line was: \(form.status)")
        #expect(form.screen.contains("Title:   Old Oak"))
    }
}
