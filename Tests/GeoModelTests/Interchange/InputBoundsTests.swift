import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// Every run of bytes the readers go through is bounded, kept or not: a text, a run of
/// whitespace, a name, an attribute value, a comment. Input that never ends (a pipe)
/// is refused at the limit, with its position, instead of being read for ever.
@Suite("Every text the readers accept is bounded")
struct InputBoundsTests {
    /// `head`, then `filler` repeated past the 16 MiB limit, then nothing: the input
    /// ends as a pipe that is cut would.
    private static func endless(_ head: String, _ filler: Character) -> [UInt8] {
        Array(head.utf8) + [UInt8](repeating: UInt8(String(filler).utf8.first!), count: 17 << 20)
    }

    private func error(_ bytes: [UInt8]) throws -> ImportError {
        try #require(throws: ImportError.self) {
            try CacheImporter.read(.bytes(bytes, name: "endless")) { _ in }
        }
    }

    /// One place a run can be, what fills it, and the start of the refusal.
    struct Run: Sendable, CustomStringConvertible {
        let description: String
        let head: String
        let filler: Character
        let refusal: String
    }

    @Test("A run of whitespace or text longer than 16 MiB is refused with its position and the limit", arguments: [
        Run(description: "whitespace before anything", head: "", filler: " ",
            refusal: "endless:1:1: refused: more than 16 MiB of whitespace before anything else "
                + "(the most geocache-tui reads in one run of whitespace)"),
        Run(description: "whitespace after JSON's '['", head: "[", filler: " ",
            refusal: "endless:1:2: refused: a run of whitespace longer than 16 MiB starts here "
                + "(the most geocache-tui reads between two values)"),
        Run(description: "line feeds after a JSON key", head: #"[{"title""#, filler: "\n",
            refusal: "endless:1:10: refused: a run of whitespace longer than 16 MiB starts here"),
        Run(description: "whitespace between GPX tags", head: "<gpx>", filler: " ",
            refusal: "endless:1:"),
        Run(description: "text of an element the reader skips", head: "<gpx><extensions>", filler: "a",
            refusal: "endless:1:"),
        Run(description: "the name of a LOC waypoint", head: "<loc><waypoint><name>", filler: "a",
            refusal: "endless:1:"),
        Run(description: "whitespace after the root element", head: "<gpx></gpx>", filler: "\n",
            refusal: "endless:"),
    ])
    func aLongRunIsRefused(_ run: Run) throws {
        let error = try error(Self.endless(run.head, run.filler))
        #expect(error.description.hasPrefix(run.refusal), "\(error.description)")
        #expect(error.description.contains("16 MiB"), "\(error.description)")
    }

    @Test("A run of whitespace before the root element of a GPX file is refused like one after it")
    func whitespaceBeforeTheRootIsRefused() throws {
        let error = try error(Self.endless(#"<?xml version="1.0"?>"#, " "))
        #expect(error.description.contains(
            "refused: more than 16 MiB outside the root element here (the most geocache-tui reads before or after <gpx> or <loc>)"),
            "\(error.description)")
    }

    @Test("What libxml2 reads whole (names, attribute values, comments, instructions) is refused at its 10 MB limit",
          arguments: [
              #"<gpx><wpt lat=""#, "<gpx><wpt", "<gpx><wpt ", "<gpx><!--", "<gpx><?pi ", #"<gpx xmlns:a=""#,
          ])
    func whatLibXMLReadsWholeIsRefused(_ head: String) throws {
        let error = try error(Self.endless(head, "a"))
        #expect(error.kind == .malformedXML)
        #expect(error.position != nil)
        #expect(error.reason == "malformed XML: a text, CDATA section or name longer than libxml2 accepts (10 MB)",
                "\(error.description)")
    }

    @Test("A GPX file cut short anywhere is refused with a reason in words, never a bare libxml2 error number",
          arguments: [#"<?xml ver"#, #"<gpx><wpt lat="1"#, #"<gpx><wpt lat="1" lon="2"><name>a &#"#,
                      #"<gpx><wpt lat="1" lon="2"><name>a &#1"#, #"<gpx><wpt lat="1" lon="2"></wp"#])
    func aCutFileIsRefusedInWords(_ text: String) throws {
        let error = try error(Array(text.utf8))
        #expect(error.kind == .malformedXML)
        #expect(!error.reason.contains("libxml2 error"), "\(error.reason)")
    }

    @Test("A CDATA section longer than 16 MiB in a text the reader keeps is refused")
    func aLongCDATASectionIsRefused() throws {
        let error = try error(Self.endless("<gpx><wpt><name><![CDATA[", "a"))
        #expect(error.kind == .malformedXML)
        #expect(error.position != nil)
    }

    @Test("Whitespace runs of a mebibyte between records are read as any other whitespace")
    func shortRunsAreRead() throws {
        let gap = String(repeating: " \n", count: 1 << 19)
        let json = "[" + gap + JSONInterchange.element(for: Samples.oak, isFirst: true).dropFirst() + gap
            + JSONInterchange.element(for: Samples.bridge, isFirst: false) + gap + "]"
        let gpx = #"<gpx xmlns="http://www.topografix.com/GPX/1/0">"# + gap
            + #"<wpt lat="1" lon="2"><name>GC1A2B3</name><desc>Oak by ana</desc><sym>Geocache</sym></wpt>"#
            + gap + "</gpx>" + gap
        #expect(Interchange.labCaches(try Interchange.records(text: json)) == [Samples.oak, Samples.bridge])
        #expect(Interchange.caches(try Interchange.records(text: gpx)).map(\.title) == ["Oak"])
    }

    @Test("A waypoint with more logs, attributes and travel bugs than the reader keeps is refused, empty ones too",
          arguments: ["<groundspeak:logs>" + String(repeating: "<groundspeak:log/>", count: 100_001),
                      "<groundspeak:attributes>" + String(repeating: "<groundspeak:attribute id=\"1\" inc=\"1\"/>", count: 100_001)])
    func tooManyPartsAreRefused(_ parts: String) throws {
        let head = #"<gpx xmlns="http://www.topografix.com/GPX/1/0" xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1">"#
            + #"<wpt lat="1" lon="2"><name>GC1A2B3</name><groundspeak:cache>"#
        let error = try error(Array((head + parts).utf8))
        #expect(error.kind == .malformedXML)
        #expect(error.reason.contains("one waypoint has more than 100000 logs, attributes and travel bugs"), "\(error.reason)")
    }

    @Test("A JSON element with more logs than the reader keeps is refused, naming the limit")
    func tooManyJSONLogsAreRefused() throws {
        let log = #"{"date": "2024-01-01T00:00:00Z", "type": "Write note", "finder": "a", "text": ""}"#
        let json = #"[{"title": "t", "details": "d", "creator": "c", "reward": "r", "logs": ["#
            + Array(repeating: log, count: Listing.maximumParts + 1).joined(separator: ",") + "]}]"
        let error = try error(Array(json.utf8))
        #expect(error.reason.contains("more than 100000 logs in one element"), "\(error.reason)")
    }
}
