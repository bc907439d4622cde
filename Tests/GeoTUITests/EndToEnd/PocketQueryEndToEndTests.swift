import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// A pocket query in the real binary under tmux (issue 37): the caches' file and its
/// `-wpts.gpx` imported, the form shows the cache's status, region, attributes,
/// parking and logs, the parking with its distance and direction from home.
@Suite(.serialized) final class PocketQueryEndToEndTests {
    let directory: TemporaryDirectory
    let store: URL

    static let caches = """
        <?xml version="1.0" encoding="utf-8"?>
        <gpx xmlns="http://www.topografix.com/GPX/1/0" version="1.0" creator="Groundspeak Pocket Query">
        <time>2026-11-20T08:00:00Z</time>
        <wpt lat="47.368717" lon="8.540933"><time>2011-09-01T07:00:00</time><name>GC31J2H</name>\
        <desc>Mill Race by ana, Multi-cache (2/1.5)</desc><sym>Geocache</sym><type>Geocache|Multi-cache</type>\
        <groundspeak:cache id="2043210" available="False" archived="False" xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1">\
        <groundspeak:name>Mill Race</groundspeak:name><groundspeak:placed_by>ana</groundspeak:placed_by>\
        <groundspeak:owner id="777">ana</groundspeak:owner><groundspeak:type>Multi-cache</groundspeak:type>\
        <groundspeak:container>Small</groundspeak:container><groundspeak:attributes>\
        <groundspeak:attribute id="1" inc="1">Dogs</groundspeak:attribute>\
        <groundspeak:attribute id="14" inc="0">Recommended at night</groundspeak:attribute></groundspeak:attributes>\
        <groundspeak:difficulty>2</groundspeak:difficulty><groundspeak:terrain>1.5</groundspeak:terrain>\
        <groundspeak:country>Switzerland</groundspeak:country><groundspeak:state>Zürich</groundspeak:state>\
        <groundspeak:short_description html="False">By the wheel</groundspeak:short_description>\
        <groundspeak:logs><groundspeak:log id="901"><groundspeak:date>2026-11-19T19:00:00Z</groundspeak:date>\
        <groundspeak:type>Didn't find it</groundspeak:type><groundspeak:finder id="55">kim</groundspeak:finder>\
        <groundspeak:text encoded="False">Searched the wheel, no luck.</groundspeak:text></groundspeak:log>\
        </groundspeak:logs></groundspeak:cache></wpt></gpx>
        """

    static let waypoints = """
        <?xml version="1.0" encoding="utf-8"?>
        <gpx xmlns="http://www.topografix.com/GPX/1/0" version="1.0" creator="Groundspeak Pocket Query">
        <wpt lat="47.366667" lon="8.533333"><time>2011-09-01T07:00:00</time><name>PK31J2H</name>\
        <cmt>Free after 6 pm</cmt><desc>Parking</desc><sym>Parking Area</sym><type>Waypoint|Parking Area</type></wpt>
        </gpx>
        """

    init() throws {
        directory = try TemporaryDirectory()
        store = directory.file()
        let sqlite = try SQLiteStore(url: store)
        _ = try sqlite.importCaches(from: .bytes(Array(Self.caches.utf8), name: "123.gpx"))
        _ = try sqlite.importCaches(from: .bytes(Array(Self.waypoints.utf8), name: "123-wpts.gpx"))
    }

    deinit { directory.remove() }

    @Test("the form shows a pocket query's cache with its status, region, attributes, logs and its parking's distance from home")
    func showsWhatAPocketQueryCarries() throws {
        let session = try TmuxSession(command: TmuxSession.appCommand(store: store) + " --home 'N 47 22.000 E 008 31.000'",
                                      width: 100, height: 40, environment: ["LANG": "C.UTF-8"])
        let screen = try session.waitFor("Wpt:     PK31J2H Parking Area: Parking")
        #expect(screen.contains("Status:  temporarily disabled"), "\(screen)")
        #expect(screen.contains("Placed:  2011-09-01"), "\(screen)")
        #expect(screen.contains("Region:  Zürich, Switzerland"), "\(screen)")
        #expect(screen.contains("Attrs:   Dogs, no Recommended at night"), "\(screen)")
        #expect(screen.contains("N 47° 22.000′ E 008° 32.000′, 1.26 km E from home"), "\(screen)")
        #expect(screen.contains("Free after 6 pm"), "\(screen)")
        #expect(screen.contains("Log:     2026-11-19 Didn't find it by kim"), "\(screen)")
        #expect(screen.contains("         Searched the wheel, no luck."), "\(screen)")
        try session.quitApp()
    }
}
