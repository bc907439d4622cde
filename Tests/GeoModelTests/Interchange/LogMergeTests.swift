import Testing
@testable import GeoModel

/// Logs accumulate (issue 37): a file's logs are merged into the stored ones by their
/// ids, or by date, type and finder where one has no id; none is ever dropped; what is
/// added puts the logs newest first.
@Suite struct LogMergeTests {
    private func log(_ date: String, _ finder: String, _ text: String = "TFTC", type: String = "Found it",
                     id: String = "", finderID: String = "") -> CacheLog {
        CacheLog(date: date, type: type, finder: finder, text: text, id: id, finderID: finderID)
    }

    @Test("a file's log with the id of a stored one replaces it in place, the others kept")
    func mergesByID() {
        let stored = [log("2024-05-02T10:00:00Z", "ana", id: "11"), log("2024-05-01T10:00:00Z", "bo", id: "10")]
        let incoming = [log("2024-05-01T10:00:00Z", "bo", "Found it after all, thanks", id: "10")]
        let merged = CacheLog.merged(stored, with: incoming, replacing: true)
        #expect(merged == [stored[0], incoming[0]])
    }

    @Test("logs without ids are the same log when date, type and finder agree: the file's text replaces the stored one")
    func mergesWithoutIDsByDateTypeAndFinder() {
        let stored = [log("2024-05-01T10:00:00Z", "bo", "TFTC")]
        let incoming = [log("2024-05-01T10:00:00Z", "bo", "TFTC, edited")]
        #expect(CacheLog.merged(stored, with: incoming, replacing: true) == incoming)
    }

    @Test("a log of another type by the same finder on the same day is another log")
    func anotherTypeIsAnotherLog() {
        let stored = [log("2024-05-01T10:00:00Z", "bo")]
        let incoming = [log("2024-05-01T10:00:00Z", "bo", "Back later", type: "Write note")]
        #expect(CacheLog.merged(stored, with: incoming, replacing: true).count == 2)
    }

    @Test("a stored log without an id that matches a file's by date, type and finder takes its id, finder's id and text")
    func aStoredLogWithoutIDTakesTheFilesID() {
        let stored = [log("2024-05-01T10:00:00Z", "bo", "TFTC")]
        let incoming = [log("2024-05-01T10:00:00Z", "bo", "TFTC!", id: "777", finderID: "42")]
        let merged = CacheLog.merged(stored, with: incoming, replacing: true)
        #expect(merged == [log("2024-05-01T10:00:00Z", "bo", "TFTC!", id: "777", finderID: "42")])
    }

    @Test("a file's log without an id keeps the stored log's id and finder's id")
    func aFilesLogWithoutIDKeepsTheStoredIDs() {
        let stored = [log("2024-05-01T10:00:00Z", "bo", "TFTC", id: "777", finderID: "42")]
        let incoming = [log("2024-05-01T10:00:00Z", "bo", "TFTC!")]
        #expect(CacheLog.merged(stored, with: incoming, replacing: true)
            == [log("2024-05-01T10:00:00Z", "bo", "TFTC!", id: "777", finderID: "42")])
    }

    @Test("two logs with different ids are two logs, even with the same date, type and finder")
    func differentIDsAreDifferentLogs() {
        let stored = [log("2024-05-01T10:00:00Z", "bo", id: "1")]
        let incoming = [log("2024-05-01T10:00:00Z", "bo", id: "2")]
        #expect(CacheLog.merged(stored, with: incoming, replacing: true).map(\.id) == ["2", "1"])
    }

    @Test("a file holding 2 of a cache's 20 stored logs drops none of them")
    func aFileWithFewerLogsDropsNone() {
        let stored = (1...20).reversed().map { day in
            log("2024-03-\(day < 10 ? "0" : "")\(day)T12:00:00Z", "finder\(day)", id: "\(day)")
        }
        let incoming = [log("2024-04-01T09:00:00Z", "new", id: "21"), stored[0]]
        let merged = CacheLog.merged(stored, with: incoming, replacing: true)
        #expect(merged.count == 21)
        #expect(merged.first?.id == "21")
        #expect(Array(merged.dropFirst()) == stored)
    }

    @Test("added logs put the whole list newest first; logs of one date keep the file's order")
    func addedLogsAreNewestFirst() {
        let stored = [log("2024-05-03T00:00:00Z", "c"), log("2024-05-01T00:00:00Z", "a")]
        let incoming = [log("2024-05-04T00:00:00Z", "d"), log("2024-05-02T00:00:00Z", "b1"),
                        log("2024-05-02T00:00:00Z", "b2")]
        #expect(CacheLog.merged(stored, with: incoming, replacing: true).map(\.finder) == ["d", "c", "b1", "b2", "a"])
    }

    @Test("when nothing is added the stored order stays, whatever the file's order")
    func nothingAddedKeepsTheStoredOrder() {
        let stored = [log("2024-05-01T00:00:00Z", "a"), log("2024-05-03T00:00:00Z", "c")]
        let incoming = Array(stored.reversed())
        #expect(CacheLog.merged(stored, with: incoming, replacing: true) == stored)
    }

    @Test("the same instant written with another zone is the same log")
    func theSameInstantInAnotherZoneIsTheSameLog() {
        let stored = [log("2002-08-15T07:00:00Z", "bo")]
        let incoming = [log("2002-08-15T00:00:00.0000000-07:00", "bo")]
        #expect(CacheLog.merged(stored, with: incoming, replacing: false) == stored)
    }

    @Test("two notes of one finder on one day, without ids, stay two")
    func twoNotesOfOneDayStayTwo() {
        let notes = [log("2024-05-01T00:00:00Z", "bo", "first", type: "Write note"),
                     log("2024-05-01T00:00:00Z", "bo", "second", type: "Write note")]
        #expect(CacheLog.merged(notes, with: notes, replacing: true) == notes)
        #expect(CacheLog.merged([notes[0]], with: notes, replacing: true) == notes)
    }

    @Test("an older file adds the logs the store lacks and changes none it has")
    func anOlderFileOnlyAddsLogs() {
        let stored = [log("2024-05-01T00:00:00Z", "bo", "TFTC", id: "1")]
        let incoming = [log("2024-05-01T00:00:00Z", "bo", "an older text", id: "1"),
                        log("2024-04-01T00:00:00Z", "ana", id: "0")]
        #expect(CacheLog.merged(stored, with: incoming, replacing: false) == stored + [incoming[1]])
    }

    @Test("a log whose date is no date is kept, after the dated ones")
    func anUndatedLogIsKeptLast() {
        let stored = [log("someday", "zed"), log("2024-05-01T00:00:00Z", "a")]
        let incoming = [log("2024-05-02T00:00:00Z", "b")]
        #expect(CacheLog.merged(stored, with: incoming, replacing: true).map(\.finder) == ["b", "a", "zed"])
    }

    @Test("a file's log with an id is the first stored log without an id of its date, type and finder, not one with another id")
    func aLogWithAnIDPassesStoredLogsWithOtherIDs() {
        let stored = [log("2024-05-01T10:00:00Z", "bo", "first", id: "1"), log("2024-05-01T10:00:00Z", "bo", "second")]
        let incoming = [log("2024-05-01T10:00:00Z", "bo", "second, edited", id: "9")]
        #expect(CacheLog.merged(stored, with: incoming, replacing: true) == [stored[0], incoming[0]])
    }

    @Test("stored logs of one date, type and finder are matched in their order, each once, past those matched by id")
    func logsOfOneEntryAreMatchedInOrderPastThoseMatchedByID() {
        let stored = ["1", "2", "3"].map { log("2024-05-01T10:00:00Z", "bo", "stored \($0)", id: $0) }
        let incoming = [log("2024-05-01T10:00:00Z", "bo", "two", id: "2"), log("2024-05-01T10:00:00Z", "bo", "one"),
                        log("2024-05-01T10:00:00Z", "bo", "three")]
        #expect(CacheLog.merged(stored, with: incoming, replacing: true).map { "\($0.id) \($0.text)" }
            == ["1 one", "2 two", "3 three"])
    }

    @Test("two stored logs with one id are matched in order by the file's logs of that id")
    func storedLogsSharingAnIDAreMatchedInOrder() {
        let stored = [log("2024-05-01T10:00:00Z", "bo", "one", id: "5"), log("2024-05-02T10:00:00Z", "ana", "two", id: "5")]
        let incoming = [log("2024-05-01T10:00:00Z", "bo", "uno", id: "5"), log("2024-05-02T10:00:00Z", "ana", "dos", id: "5")]
        #expect(CacheLog.merged(stored, with: incoming, replacing: true) == incoming)
    }

    @Test("thousands of logs of one date, type and finder with new ids are all added, the file's first")
    func thousandsOfNewLogsOfOneEntryAreAllAdded() {
        let stored = (1...3000).map { log("2020-01-01T00:00:00Z", "a", id: "\($0)") }
        let incoming = (10_001...13_000).map { log("2020-01-01T00:00:00Z", "a", id: "\($0)") }
        #expect(CacheLog.merged(stored, with: incoming, replacing: true) == incoming + stored)
    }

    @Test("thousands of logs of one date, type and finder without ids are matched one to one, in order")
    func thousandsOfLogsWithoutIDsOfOneEntryAreMatchedInOrder() {
        let stored = (1...3000).map { log("2020-01-01T00:00:00Z", "a", "stored \($0)") }
        let incoming = (1...3000).map { log("2020-01-01T00:00:00Z", "a", "edited \($0)") }
        #expect(CacheLog.merged(stored, with: incoming, replacing: true) == incoming)
        #expect(CacheLog.merged(stored, with: incoming, replacing: false) == stored)
    }

    @Test("a merge whose check throws gives up with that error, also after it has begun")
    func aMergeWhoseCheckThrowsGivesUp() {
        struct Stop: Error {}
        let stored = (1...3000).map { log("2020-01-01T00:00:00Z", "a", id: "\($0)") }
        let incoming = (10_001...13_000).map { log("2020-01-01T00:00:00Z", "a", id: "\($0)") }
        for stopAt in 1...3 {
            var checks = 0
            #expect(throws: Stop.self) {
                try CacheLog.merged(stored, with: incoming, replacing: true) { () throws(Stop) in
                    checks += 1
                    if checks == stopAt { throw Stop() }
                }
            }
        }
    }

    @Test("a merge checks before its first log: an interruption set before it stops it at once")
    func anInterruptionBeforeTheMergeStopsIt() {
        let interruption = ImportInterruption()
        interruption.interrupt()
        #expect {
            try CacheLog.merged([log("2024-05-01T00:00:00Z", "a", id: "1")], with: [log("2024-05-02T00:00:00Z", "b", id: "2")],
                                replacing: true) { () throws(ImportError) in try interruption.check(source: "b.gpx") }
        } throws: { ($0 as? ImportError)?.kind == .interrupted }
    }

    @Test("the newest log's date is found whatever the zone and order", arguments: [
        (["2024-05-01T00:00:00Z", "2024-05-01T20:00:00-07:00", "junk"], "2024-05-02T03:00:00Z"),
        (["2024-05-01", "2024-04-30T23:59:59Z"], "2024-05-01T00:00:00Z"),
        (["junk"], nil),
        (["2024-05-01T10:00:00.5Z", "2024-05-01T10:00:00Z", "2024-05-01T10:00:00.25Z"], "2024-05-01T10:00:00.5Z"),
        (["2024-05-01T10:00:00Z", "2024-05-01T10:00:00.50Z"], "2024-05-01T10:00:00.5Z"),
        (["2024-05-01T10:00:00.999Z", "2024-05-01T10:00:01Z"], "2024-05-01T10:00:01Z"),
        (["2024-05-01T10:00:00Z", "2024-05-01T03:00:00-07:00"], "2024-05-01T10:00:00Z"),
    ] as [([String], String?)])
    func theNewestDate(_ dates: [String], _ newest: String?) {
        #expect(CacheLog.newestDate(of: dates.map { log($0, "x") }) == newest)
    }

    @Test("dates compare as instants: a fraction after its second, a date alone as its midnight, no date not at all")
    func datesCompare() {
        #expect(UTCTime.isEarlier("2024-05-01T10:00:00Z", than: "2024-05-01T10:00:00.5Z") == true)
        #expect(UTCTime.isEarlier("2024-05-01T10:00:00.25Z", than: "2024-05-01T10:00:00.5Z") == true)
        #expect(UTCTime.isEarlier("2024-05-01T10:00:00.5Z", than: "2024-05-01T10:00:01Z") == true)
        #expect(UTCTime.isEarlier("2024-05-01T03:00:00-07:00", than: "2024-05-01T09:00:00Z") == false)
        #expect(UTCTime.isEarlier("2024-05-01", than: "2024-05-01T09:00:00Z") == true)
        #expect(UTCTime.isEarlier("2024-05-01", than: "2024-05-01T00:00:00Z") == false)
        #expect(UTCTime.isEarlier("2024-04-30", than: "2024-05-01T09:00:00Z") == true)
        #expect(UTCTime.isEarlier("yesterday", than: "2024-05-01T09:00:00Z") == nil)
        #expect(UTCTime.isEarlier("2024-05-01T09:00:00Zjunk", than: "2024-05-01T09:00:00Z") == nil)
    }
}
