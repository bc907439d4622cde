import Testing
@testable import GeoModel
import GeoTestSupport

/// The sentences an edit or a delete refused by the store gives on standard error.
@Suite struct CacheEditErrorTests {
    @Test("an edit that met another session's change names the cache by its code, then its title as it is now")
    func aChangeElsewhereNamesTheCacheByItsCode() {
        var theirs = Samples.oak
        theirs.code = "GC12345"
        theirs.title = "t8"
        let error = CacheEditError.changedElsewhere(newer: StoredCache(id: CacheID(rawValue: 1), cache: theirs))
        #expect(error.description == "The cache GC12345, now \"t8\", was changed in another session since it was read; "
                + "nothing was written.")
    }
}
