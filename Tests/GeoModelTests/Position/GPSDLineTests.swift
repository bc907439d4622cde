import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// The pieces under the client that need no daemon: splitting the stream into lines
/// with a cap on their length, reading one report, and the NMEA checksums the test
/// daemon is fed with.
@Suite struct GPSDLineTests {
    private func split(_ chunks: [String], limit: Int = GPSDLineBuffer.defaultLimit) -> ([String], Int) {
        var buffer = GPSDLineBuffer(limit: limit)
        var lines: [String] = []
        for chunk in chunks {
            let bytes = Array(chunk.utf8)
            lines += bytes.withUnsafeBytes { buffer.append($0) }.map { String(decoding: $0, as: UTF8.self) }
        }
        return (lines, buffer.droppedLines)
    }

    @Test func linesAreSplitAtNewlinesAcrossChunksWithoutTheirCarriageReturns() {
        let (lines, dropped) = split(["{\"a\":1}\r\n{\"b\"", ":2}\n\n", "{\"c\":3}\r", "\n{\"unfinished\""])
        #expect(lines == ["{\"a\":1}", "{\"b\":2}", "{\"c\":3}"])
        #expect(dropped == 0)
    }

    @Test func aLineLongerThanTheLimitIsDroppedUpToItsNewlineAndTheNextLineIsKept() {
        let long = String(repeating: "x", count: 40)
        let (lines, dropped) = split(["{\"ok\":1}\n" + long.prefix(20), long, long + "\n{\"next\":2}\n"], limit: 32)
        #expect(lines == ["{\"ok\":1}", "{\"next\":2}"])
        #expect(dropped == 1)
    }

    @Test func anEndlessLineWithoutNewlineKeepsNoMoreThanTheLimit() {
        var buffer = GPSDLineBuffer(limit: 1024)
        let chunk = [UInt8](repeating: UInt8(ascii: "y"), count: 700)
        for _ in 0..<1000 {
            #expect(chunk.withUnsafeBytes { buffer.append($0) }.isEmpty)
        }
        #expect(buffer.droppedLines == 1)
        let after = Array("\n{\"class\":\"SKY\"}\n".utf8).withUnsafeBytes { buffer.append($0) }
        #expect(after.map { String(decoding: $0, as: UTF8.self) } == ["{\"class\":\"SKY\"}"])
    }

    private func report(_ line: String) -> GPSDReport? {
        GPSDReport(line: Data(line.utf8), decoder: JSONDecoder(), dates: GPSDTimeParser())
    }

    @Test func aTPVWithMode3IsA3DFixWithItsLatitudeLongitudeAndTime() throws {
        let line = #"{"class":"TPV","device":"udp://127.0.0.1:29471","mode":3,"time":"2026-11-26T07:43:37.250Z","lat":47.368716667,"lon":8.540933333,"altMSL":545.4,"eph":17.1}"#
        let fix = GPSFix(latitude: 47.368716667, longitude: 8.540933333, mode: .threeDimensional,
                         time: Date(timeIntervalSince1970: 1_795_679_017.25), horizontalError: 17.1)
        #expect(report(line) == .fix(fix))
        #expect(report(#"{"class":"TPV","mode":2,"lat":-33.5,"lon":-70.25}"#)
            == .fix(GPSFix(latitude: -33.5, longitude: -70.25, mode: .twoDimensional)))
        #expect(report(#"{"class":"TPV","mode":3,"time":"2026-11-26T07:43:37Z","lat":1,"lon":2}"#)
            == .fix(GPSFix(latitude: 1, longitude: 2, mode: .threeDimensional, time: Date(timeIntervalSince1970: 1_795_679_017))))
    }

    @Test("a TPV's speed, track and error estimate come with the fix; epx and epy stand in for a missing eph")
    func aTPVCarriesSpeedTrackAndError() {
        #expect(report(#"{"class":"TPV","mode":3,"lat":1,"lon":2,"speed":1.4,"track":271.5,"eph":4.5,"epx":9,"epy":9}"#)
            == .fix(GPSFix(latitude: 1, longitude: 2, mode: .threeDimensional, speed: 1.4, track: 271.5, horizontalError: 4.5)))
        #expect(report(#"{"class":"TPV","mode":2,"lat":1,"lon":2,"epx":3.5,"epy":6.25}"#)
            == .fix(GPSFix(latitude: 1, longitude: 2, mode: .twoDimensional, horizontalError: 6.25)))
    }

    @Test("a speed, track or error that is not a number in range is left out, and the fix kept")
    func nonsenseMovementIsLeftOut() {
        #expect(report(#"{"class":"TPV","mode":3,"lat":1,"lon":2,"speed":-3,"track":"north","eph":1e99,"epx":null}"#)
            == .fix(GPSFix(latitude: 1, longitude: 2, mode: .threeDimensional)))
    }

    @Test(arguments: [
        #"{"class":"TPV","mode":1,"time":"2026-11-26T07:43:59.000Z"}"#,
        #"{"class":"TPV","mode":0}"#,
        #"{"class":"TPV","mode":3,"lat":47.1}"#,
        #"{"class":"TPV","mode":2,"lat":null,"lon":8.5}"#,
    ])
    func aTPVWithoutModeTwoOrThreeOrWithoutAPositionIsNoFix(line: String) {
        #expect(report(line) == .noFix)
    }

    @Test(arguments: [
        #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#,
        #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0}"#,
        #"{"class":"SKY","mode":"odd","lat":"not read","satellites":[]}"#,
        #"{"class":"DEVICES","devices":[]}"#,
    ])
    func reportsOfOtherClassesSayNothingAboutThePosition(line: String) {
        #expect(report(line) == .other)
    }

    @Test(arguments: [
        "", "not json", "{", "[1,2]", "{\"mode\":3}", "{\"class\":42}",
        #"{"class":"TPV","lat":1,"lon":2}"#,
        #"{"class":"TPV","mode":"3","lat":1,"lon":2}"#,
        #"{"class":"TPV","mode":3,"lat":"47.1","lon":8}"#,
        #"{"class":"TPV","mode":3,"lat":true,"lon":8}"#,
        #"{"class":"TPV","mode":3,"lat":91,"lon":8}"#,
        #"{"class":"TPV","mode":3,"lat":47,"lon":-180.5}"#,
    ])
    func aMalformedLineIsNoReport(line: String) {
        #expect(report(line) == nil)
    }

    @Test func nmeaChecksumsAreTheXOROfTheBodyInTwoHexDigits() {
        #expect(NMEASentence.checksum("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,") == "47")
        #expect(NMEASentence.framed("GPRMC,1") == "$GPRMC,1*\(NMEASentence.checksum("GPRMC,1"))\r\n")
        #expect(NMEASentence.degreesMinutes(47.368717, width: 2) == "4722.123020")
        #expect(NMEASentence.degreesMinutes(-8.540933, width: 3) == "00832.455980")
        #expect(NMEASentence.degreesMinutes(9.9999999999, width: 3) == "01000.000000")
    }

    @Test func theStatusReadsAsAShortPhrase() {
        let fix = GPSFix(latitude: 1, longitude: 2, mode: .threeDimensional)
        #expect(GPSDStatus.connecting.description == "connecting to gpsd")
        #expect(GPSDStatus.noDaemon.description == "no gpsd")
        #expect(GPSDStatus.noFix.description == "no GPS fix")
        #expect(GPSDStatus.fix(fix, age: .milliseconds(2_400)).description == "3D fix, 2 s old")
        #expect(GPSDStatus.stale(fix, age: .seconds(12)).description == "stale fix, 12 s old")
        #expect(GPSDStatus.fix(fix, age: .zero).freshFix == fix)
        #expect(GPSDStatus.stale(fix, age: .seconds(12)).freshFix == nil)
    }
}
