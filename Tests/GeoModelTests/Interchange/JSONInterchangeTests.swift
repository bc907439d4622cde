import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

@Suite("JSON interchange")
struct JSONInterchangeTests {
    @Test func exportIsAPrettyPrintedArrayOfTheLabsDictionaries() throws {
        let document = JSONInterchange.document(for: [Samples.oak, Samples.bridge])
        #expect(document == """
            [
              {
                "title": "Old Oak",
                "details": "Behind the tree",
                "creator": "ana",
                "reward": "Travel bug"
              },
              {
                "title": "Bridge",
                "details": "Under the arch",
                "creator": "bo",
                "reward": "Coin"
              }
            ]

            """)
        let parsed = try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [[String: String]]
        #expect(parsed == [Samples.oak.dictionary, Samples.bridge.dictionary])
    }

    @Test func exportOfNoCachesIsAnEmptyArray() {
        #expect(JSONInterchange.document(for: []) == "[]\n")
    }

    @Test func exportEscapesOnlyWhatJSONRequires() {
        let cache = GeoCache(title: "quote \" backslash \\ slash /", details: "nl\ncr\rtab\tnul\u{0}esc\u{1B}",
                             creator: "東京 🧭", reward: "r")
        let document = JSONInterchange.document(for: [cache])
        #expect(document.contains(#""title": "quote \" backslash \\ slash /""#))
        #expect(document.contains(#""details": "nl\ncr\rtab\tnul\u0000esc\u001B""#))
        #expect(document.contains(#""creator": "東京 🧭""#))
    }

    @Test func foundationReadsTheExportOfAwkwardStringsUnchanged() throws {
        let document = JSONInterchange.document(for: Interchange.awkwardCaches)
        let parsed = try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [[String: String]]
        #expect(parsed?.compactMap(GeoCache.init(fromDictionary:)) == Interchange.awkwardCaches)
    }

    @Test func exportThenReadGivesIdenticalCaches() throws {
        let document = JSONInterchange.document(for: Interchange.awkwardCaches)
        let caches = Interchange.caches(try Interchange.records(text: document))
        #expect(caches == Interchange.awkwardCaches)
    }

    @Test func readAcceptsAnyKeyOrderEscapesAndIgnoresExtraKeys() throws {
        let records = try Interchange.records(.file(try Interchange.fixture("caches.json").path))
        #expect(Interchange.caches(records) == [
            Samples.oak,
            GeoCache(title: "Bridge é 🧭", details: "Under the arch\nsecond line", creator: "bo", reward: "Coin"),
        ])
    }

    @Test func eachBadElementIsRejectedWithItsIndexAndReason() throws {
        let path = try Interchange.fixture("missing-key.json").path
        let records = try Interchange.records(.file(path))
        #expect(Interchange.caches(records).map(\.title) == ["Good one"])
        let rejections = Interchange.rejections(records)
        #expect(rejections.map(\.location.index) == [1, 2, 3, 4])
        #expect(rejections.map(\.reason) == [
            #"missing key "reward""#,
            "Creator is empty",
            #""title" is a number, not a string"#,
            "is a string, not an object",
        ])
        #expect(rejections[0].description == "\(path):3:3: element 1: missing key \"reward\"")
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        let error = Interchange.importError(.bytes(Array("[\n  {\"title\": \"A\" \"details\": \"B\"}\n]".utf8), name: "x.json"))
        #expect(error?.kind == .malformedJSON)
        #expect(error?.position == TextPosition(line: 2, column: 17))
        #expect(error?.description == "x.json:2:17: malformed JSON: expected ',' or '}' in an object, found '\"'")
    }

    @Test func aTopLevelObjectIsRefused() {
        let error = Interchange.importError(.bytes(Array(#"{"title": "A"}"#.utf8), name: "x.json"))
        #expect(error?.kind == .malformedJSON)
        #expect(error?.reason.contains("expected an array") == true)
    }

    @Test func trailingContentAfterTheArrayIsRefused() {
        let error = Interchange.importError(.bytes(Array("[]\n]".utf8), name: "x.json"))
        #expect(error?.kind == .malformedJSON)
        #expect(error?.position == TextPosition(line: 2, column: 1))
    }

    @Test func anUnterminatedArrayIsRefused() {
        let error = Interchange.importError(.bytes(Array(#"[{"title": "A", "details": "B", "creator": "C", "reward": "D"}"#.utf8),
                                                   name: "x.json"))
        #expect(error?.kind == .malformedJSON)
        #expect(error?.reason.contains("the end of the input") == true)
    }

    @Test func loneSurrogateEscapesAreRefused() {
        let error = Interchange.importError(.bytes(Array(#"[{"title": "\ud83e"}]"#.utf8), name: "x.json"))
        #expect(error?.kind == .malformedJSON)
        #expect(error?.position == TextPosition(line: 1, column: 13))
    }

    @Test func rawControlCharactersInStringsAreRefused() {
        let error = Interchange.importError(.bytes(Array("[{\"title\": \"a\tb\"}]".utf8), name: "x.json"))
        #expect(error?.kind == .malformedJSON)
    }

    @Test func deepNestingIsRefusedWithoutCrashing() {
        let text = "[{\"x\": " + String(repeating: "[", count: 100_000)
        let error = Interchange.importError(.bytes(Array(text.utf8), name: "x.json"))
        #expect(error?.kind == .malformedJSON)
        #expect(error?.reason.contains("nested") == true)
    }
}
