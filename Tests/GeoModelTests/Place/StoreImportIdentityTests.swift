import GeoModel
import GeoTestSupport
import Testing

/// The code is a cache's identity on import, in both stores: a record whose code is
/// stored updates that cache (or leaves it, when kept), with the same compare-and-write
/// rules as an edit; a record without a code keeps the four-field duplicate rule.
///
/// Coded records come from GPX 1.0 Groundspeak waypoints, whose `<name>` is the code;
/// the tests compare what a file changes (the title), not how a reader maps the rest.
@Suite("Import finds stored caches by their code, in both stores")
struct StoreImportIdentityTests {
    /// An in-memory GPX 1.0 file of Groundspeak waypoints, each a code and a title.
    private func gpx(_ waypoints: [(code: String, title: String)]) -> ImportSource {
        let entries = waypoints.map { waypoint in
            """
              <wpt lat="47.368717" lon="8.540933">
                <name>\(waypoint.code)</name>
                <type>Geocache|Traditional Cache</type>
                <groundspeak:cache id="1" xmlns:groundspeak="http://www.groundspeak.com/cache/1/0">
                  <groundspeak:name>\(waypoint.title)</groundspeak:name>
                  <groundspeak:placed_by>ana</groundspeak:placed_by>
                  <groundspeak:owner id="2">ana</groundspeak:owner>
                  <groundspeak:type>Traditional Cache</groundspeak:type>
                  <groundspeak:container>Small</groundspeak:container>
                  <groundspeak:short_description html="False">Behind the tree</groundspeak:short_description>
                </groundspeak:cache>
              </wpt>
            """
        }
        let text = """
            <?xml version="1.0" encoding="utf-8"?>
            <gpx xmlns="http://www.topografix.com/GPX/1/0" version="1.0" creator="test">
            \(entries.joined(separator: "\n"))
            </gpx>
            """
        return .bytes(Array(text.utf8), name: "query.gpx")
    }

    /// `caches` as an in-memory JSON file (the lab's four fields: no codes).
    private func json(_ caches: [GeoCache]) -> ImportSource {
        .bytes(Array(JSONInterchange.document(for: caches).utf8), name: "caches.json")
    }

    @Test("A file's newer version of a stored cache updates it in place and counts it as updated",
          arguments: StoreKind.allCases)
    func aChangedVersionUpdatesTheStoredCache(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: gpx([("GC7AB12", "Old Oak")]))
        let stored = try #require(try fixture.store.cache(withCode: "GC7AB12"))
        let report = try fixture.store.importCaches(from: gpx([("GC7AB12", "Old Oak, moved")]))
        #expect((report.added, report.updated, report.unchanged) == (0, 1, 0))
        #expect(try fixture.store.count() == 1)
        let updated = try fixture.store.cache(withCode: "gc7ab12")
        #expect(updated?.id == stored.id)
        #expect(updated?.cache.title == "Old Oak, moved")
    }

    @Test("A file's version that holds nothing new leaves the stored cache and counts it as unchanged",
          arguments: StoreKind.allCases)
    func anEqualVersionIsUnchanged(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: gpx([("GC7AB12", "Old Oak")]))
        let before = try fixture.store.loadCaches()
        let report = try fixture.store.importCaches(from: gpx([("GC7AB12", "Old Oak")]))
        #expect((report.added, report.duplicates, report.updated, report.unchanged) == (0, 0, 0, 1))
        #expect(try fixture.store.loadCaches() == before)
    }

    @Test("A cache added with a code is the one a file with that code updates", arguments: StoreKind.allCases)
    func anAddedCodeIsFoundByImport(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        var listed = Samples.oak
        listed.code = "GC7AB12"
        let added = try fixture.store.add(listed)
        let report = try fixture.store.importCaches(from: gpx([("GC7AB12", "Old Oak, from the file")]))
        #expect((report.added, report.updated) == (0, 1))
        #expect(try fixture.store.cache(added.id)?.cache.title == "Old Oak, from the file")
    }

    @Test("The summary says how many stored caches were updated and how many were unchanged",
          arguments: StoreKind.allCases)
    func theSummaryCountsUpdatedAndUnchanged(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: gpx([("GC7AB12", "Old Oak"), ("GC2BRDG", "Bridge")]))
        let report = try fixture.store.importCaches(
            from: gpx([("GC7AB12", "Renamed"), ("GC2BRDG", "Bridge"), ("GC3NEW1", "New one")]))
        #expect(report.description
            == "Added 1 cache, skipped 0 as duplicates, rejected 0. Already stored: updated 1, unchanged 1.")
    }

    @Test("With stored caches kept, a file's newer version changes nothing and counts as unchanged",
          arguments: StoreKind.allCases)
    func keepingLeavesStoredCachesAlone(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: gpx([("GC7AB12", "Old Oak")]))
        let before = try fixture.store.loadCaches()
        let report = try fixture.store.importCaches(from: gpx([("GC7AB12", "Not this")]), existing: .keep)
        #expect((report.added, report.updated, report.unchanged) == (0, 0, 1))
        #expect(try fixture.store.loadCaches() == before)
    }

    @Test("An open session's edit of a cache an import updated is refused as changed elsewhere",
          arguments: StoreKind.allCases)
    func aPendingEditOfAnUpdatedCacheConflicts(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: gpx([("GC7AB12", "Old Oak")]))
        let session = try fixture.open()
        let shown = try #require(try session.cache(withCode: "GC7AB12"))
        _ = try fixture.store.importCaches(from: gpx([("GC7AB12", "From the file")]))
        var edited = shown.cache
        edited.title = "From the form"
        #expect {
            try session.update(shown, to: edited)
        } throws: { error in
            guard case .changedElsewhere(let newer) = error as? CacheEditError else { return false }
            return newer.cache.title == "From the file"
        }
        #expect(try fixture.store.cache(withCode: "GC7AB12")?.cache.title == "From the file")
    }

    @Test("The same code twice in one file stores one cache, the later record updating the earlier",
          arguments: StoreKind.allCases)
    func theSameCodeTwiceInOneFileIsOneCache(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let report = try fixture.store.importCaches(from: gpx([("GC7AB12", "First version"), ("gc7ab12", "Second version")]))
        #expect((report.added, report.updated) == (1, 1))
        #expect(try fixture.store.loadCaches().map(\.title) == ["Second version"])
    }

    @Test("A record without a code identical in its four fields to a stored cache is a duplicate",
          arguments: StoreKind.allCases)
    func aRecordWithoutACodeKeepsTheDuplicateRule(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.store.add(Samples.oak)
        let report = try fixture.store.importCaches(from: json([Samples.oak]))
        #expect((report.added, report.duplicates, report.updated, report.unchanged) == (0, 1, 0, 0))
        #expect(try fixture.store.count() == 1)
    }

    @Test("A record without a code is stored under a new code of its own", arguments: StoreKind.allCases)
    func aRecordWithoutACodeGetsANewCode(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: json([Samples.mill, Samples.bridge]))
        let codes = try fixture.store.loadCaches().compactMap(\.code)
        #expect(codes.count == 2 && Set(codes).count == 2)
        #expect(codes.allSatisfy { $0.hasPrefix(CacheCode.prefix) && $0.count == CacheCode.prefix.count + CacheCode.generatedLength })
    }

    @Test("An import that fails updates no stored cache", arguments: StoreKind.allCases)
    func aFailedImportUpdatesNothing(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.store.importCaches(from: gpx([("GC7AB12", "Old Oak")]))
        let before = try fixture.store.loadCaches()
        #expect(throws: ImportError.self) {
            _ = try fixture.store.importCaches(
                from: [gpx([("GC7AB12", "Never stored")]), .bytes(Array("[{\"title\": ".utf8), name: "cut.json")])
        }
        #expect(try fixture.store.loadCaches() == before)
    }
}
