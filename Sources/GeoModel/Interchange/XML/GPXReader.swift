import Foundation

/// Reads GPX 1.0 and 1.1 files, with the Groundspeak cache extension (1.0, 1.0.1,
/// 1.0.2), GSAK's, OpenCaching's and TerraCaching's, or plain geocache waypoints, and
/// geocaching.com LOC files (`<loc><waypoint>`), streaming.
///
/// The file goes through libxml2's push parser (``XMLStreamParser``) in 64 KiB chunks,
/// so memory stays flat however big the file is. Before parsing, the prolog is checked: a document that declares
/// entities (`<!ENTITY` in a `<!DOCTYPE>`) is refused unread, and external entities
/// are never resolved. A waypoint becomes a cache like this (docs/usage.md, "Field
/// mapping", has every element):
///
/// - code: `gsak:Code`, else the waypoint's `name` when it is a code, else the code in
///   the listing's URL (GeoToad writes the title as the name);
/// - coordinate: `lat` and `lon`, read exactly (``DecimalDegrees``); 0,0 is none;
/// - title: `groundspeak:name`, else the waypoint's `urlname`, else its GPX 1.1
///   `link/text`, else its `name`;
/// - creator: `groundspeak:placed_by`, else `groundspeak:owner`;
/// - details: the code, ": ", and `groundspeak:short_description` as plain text
///   (HTML converted by ``HTMLText`` when `html="True"`), else the long description so;
/// - reward: the names of the travel bugs listed, joined by ", ", else
///   "Container: " and the container, else "Type: " and the cache type;
/// - listing: type, container, difficulty, terrain, hint, long description (raw),
///   URL, placed date (`time`) and logs.
///
/// A waypoint written by ``GPXWriter`` and not changed since is recognised by the id
/// of its `groundspeak:cache` (the digest of its four fields) and its four fields are
/// read back exactly as written.
/// Without those elements, title and owner come from "TITLE by OWNER" in `desc`,
/// `urlname` or `cmt` (``OwnerSplit``; a LOC waypoint's `name` counts as its `desc`);
/// with no owner anywhere the creator is the file's author, else "unknown".
/// A waypoint without `groundspeak:cache`, `terra:terracache` or `oc:cache`, with no
/// `type` or `sym` starting with "Geocache" or "Terracache" and no GC code (or a GC
/// code with another symbol or type) is not a geocache: it is one of a cache's
/// additional waypoints (``ImportRecord/waypoint(_:parent:_:coverage:asOf:)``) when its `type` is
/// `Waypoint|…` or it has a `gsak:Parent`, else it is reported as
/// ``ImportRecord/notAGeocache(_:)``.
public enum GPXReader {
    /// The namespace prefix of every version of the Groundspeak cache extension.
    static let groundspeakPrefixes = ["http://www.groundspeak.com/cache/", "https://www.groundspeak.com/cache/"]

    /// Reads the GPX or LOC document from `reader`, emitting each waypoint before it is
    /// mapped; returns which of the two it was.
    @discardableResult
    static func readPending(_ reader: ChunkReader, _ emit: (PendingRecord) throws -> Void) throws -> InterchangeFormat {
        let stream = ValidatingStream(reader: reader, check: try checkProlog(reader))
        let parser: XMLStreamParser
        do {
            parser = try XMLStreamParser()
        } catch {
            throw ImportError(.libraryMissing, source: reader.name,
                              reason: "reading GPX and LOC files needs libxml2, which could not be loaded "
                                  + "(\(error.reason)): apt-get install libxml2")
        }
        let delegate = Delegate(source: reader.name)
        let succeeded = withoutActuallyEscaping(emit) { emit in
            delegate.emit = emit
            parser.delegate = delegate
            defer {
                parser.delegate = nil
                delegate.emit = nil
            }
            // Bytes outside the root element (whitespace before or after it, which
            // libxml2 skips without a word) are limited as a text is: an endless run
            // there would otherwise be read for ever.
            var outside = 0
            return parser.parse {
                guard let chunk = stream.nextChunk() else { return nil }
                outside = delegate.isOutsideRoot ? outside + chunk.count : 0
                guard outside <= Delegate.maximumTextLength else {
                    delegate.failure = ImportError(
                        .malformedXML, source: reader.name,
                        position: TextPosition(line: parser.lineNumber, column: max(parser.columnNumber, 1)),
                        reason: "refused: more than \(Delegate.maximumTextLength >> 20) MiB outside the root element "
                            + "here (the most geocache-tui reads before or after <gpx> or <loc>)")
                    return nil
                }
                return chunk
            }
        }
        if let failure = stream.failure { throw failure }
        if let thrown = delegate.thrown { throw thrown }
        if let failure = delegate.failure { throw failure }
        if !succeeded || parser.error != nil {
            let error = parser.error
            if error?.code == 1 {
                // libxml2 says where it gave up on a huge item, which is neither where the
                // item starts nor where it stopped: inside a waypoint, the waypoint is named.
                let waypoint = delegate.draft?.position
                throw ImportError(.malformedXML, source: reader.name,
                                  position: waypoint ?? error.map { TextPosition(line: $0.line, column: $0.column) },
                                  reason: "malformed XML: \(describe(1))" + (waypoint == nil ? "" : " in the waypoint that starts here"))
            }
            throw ImportError(.malformedXML, source: reader.name,
                              position: error.map { TextPosition(line: $0.line, column: $0.column) },
                              reason: "malformed XML: \(describe(error?.code ?? 0))")
        }
        if !delegate.sawRoot {
            throw ImportError(.notGPX, source: reader.name, reason: "not a GPX document: no root element")
        }
        return delegate.isLOC ? .loc : .gpx
    }

    /// What one of libxml2's error codes means.
    static func describe(_ code: Int) -> String {
        switch code {
        case 1: "a text, CDATA section or name longer than libxml2 accepts (10 MB)"
        case 3: "no XML where the document should start"
        case 4: "the document has no root element"
        case 5: "the document is cut short, or has content after its root element"
        case 6, 7, 8: "a character reference (&#…;) that is no character XML allows"
        case 9: "a character that XML does not allow (a control character?)"
        case 10: "the document is cut short inside a character reference (&#…)"
        case 23: "an entity reference is missing its ';'"
        case 26, 27: "a reference to an undefined entity (an unescaped '&'?)"
        case 38: "'<' inside an attribute value"
        case 39, 41: "an attribute value without quotes"
        case 40: "an attribute value is not closed (a truncated file?)"
        case 42: "an attribute given twice in one tag"
        case 68: "a name was expected here (an unescaped '&' or '<'?)"
        case 73: "'>' expected: a tag is not closed"
        case 76: "a closing tag does not match the element that is open"
        case 77: "an element is not finished (a truncated file?)"
        case 31, 32: "the XML declaration names an encoding that cannot be read (UTF-8 is the usual one)"
        case 45: "a comment is not finished"
        case 57: "the XML declaration is not finished"
        case 63: "a CDATA section is not finished"
        case 64: "an XML declaration that is not at the very start of the file (not even a space may come before <?xml)"
        case 65: "a space is missing (in the XML declaration?)"
        case 81: "bytes that are not in the encoding the XML declaration names"
        case 96: "the XML declaration is cut short or names no version (<?xml version=\"1.0\"?>)"
        case 108: "an XML version other than 1.0"
        case 201: "a prefix whose namespace is never declared (an xmlns:PREFIX attribute is missing)"
        case 202: "a tag or attribute name that is not a name XML allows (a truncated file?)"
        default: "libxml2 error \(code)"
        }
    }
}
