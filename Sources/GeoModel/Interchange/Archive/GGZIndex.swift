import Foundation

/// A GGZ's index (`index/com/garmin/geocaches/v0/index.xml`): the data files it names
/// and where in each it places every cache. Read to be checked against the archive,
/// never trusted: ``CacheImporter`` imports the files it names only once each exists
/// and holds every place the index gives.
struct GGZIndex {
    /// A data file the index names, with the caches it places in it.
    struct File: Equatable {
        /// Its name as the index writes it (`Default_1.gpx`, under `data/`).
        var name: String
        /// Each cache's code, first byte and length in the file.
        var caches: [(code: String, position: Int, length: Int)] = []

        static func == (lhs: File, rhs: File) -> Bool {
            lhs.name == rhs.name && lhs.caches.elementsEqual(rhs.caches) { $0 == $1 }
        }

        /// The path of the file inside the archive: `data/NAME` unless the index gives a path.
        var path: String { name.contains("/") ? name : "data/" + name }
    }

    /// The files, in the index's order.
    var files: [File] = []

    /// Reads the index's `bytes`; `name` is the source named in a refusal. Throws when the
    /// index is not well-formed XML, declares entities or attributes, is not a `<ggz>` document, or
    /// gives a cache a place that is not a number.
    static func parse(_ bytes: [UInt8], name: String) throws(ImportError) -> GGZIndex {
        // The GPX files' own scan of what comes before the root element.
        switch GPXReader.PrologScan(bytes, complete: true) {
        case .entityDeclaration:
            throw ImportError(.zipArchive, source: name, reason: "refused: the GGZ's index declares entities")
        case .attributeDefaults:
            throw ImportError(.zipArchive, source: name, reason: "refused: the GGZ's index declares attributes (<!ATTLIST>)")
        case .needMore, .rootFound:
            break
        }
        let parser: XMLStreamParser
        do {
            parser = try XMLStreamParser()
        } catch {
            throw ImportError(.libraryMissing, source: name,
                              reason: "reading a GGZ's index needs libxml2, which could not be loaded "
                                  + "(\(error.reason)): apt-get install libxml2")
        }
        let collector = Collector()
        parser.delegate = collector
        var offset = 0
        let parsed = parser.parse {
            let end = min(bytes.count, offset + ChunkReader.chunkSize)
            defer { offset = end }
            return Array(bytes[offset..<end])
        }
        parser.delegate = nil
        if let problem = collector.problem {
            throw ImportError(.zipArchive, source: name, reason: "refused: the GGZ's index \(problem)")
        }
        guard parsed, collector.sawRoot else {
            let line = parser.error.map { " (line \($0.line))" } ?? ""
            throw ImportError(.zipArchive, source: name,
                              reason: "refused: the GGZ's index is not a well-formed <ggz> document\(line)")
        }
        return GGZIndex(files: collector.files)
    }

    /// Collects the files and their caches as libxml2 reports the elements.
    private final class Collector: XMLStreamParserDelegate {
        var files: [File] = []
        var sawRoot = false
        var problem: String?
        private var path: [String] = []
        private var text = ""
        private var code = ""
        private var position: Int?
        private var length: Int?

        override func parser(_ parser: XMLStreamParser, didStart localName: UnsafeBufferPointer<UInt8>,
                    prefix: XMLStreamParser.CString?, namespaceURI: XMLStreamParser.CString?,
                    attributes: XMLStreamParser.Attributes) {
            let name = String(decoding: localName, as: UTF8.self)
            if path.isEmpty {
                guard name == "ggz" else {
                    problem = "has the root element <\(name)>, not <ggz>"
                    parser.abortParsing()
                    return
                }
                sawRoot = true
            }
            path.append(name)
            text = ""
            if path == ["ggz", "file"] { files.append(File(name: "")) }
            if path == ["ggz", "file", "gch"] { (code, position, length) = ("", nil, nil) }
        }

        override func parser(_ parser: XMLStreamParser, foundText bytes: UnsafeBufferPointer<UInt8>) {
            if text.utf8.count + bytes.count > 4096 {
                problem = "holds a text longer than 4096 bytes"
                parser.abortParsing()
                return
            }
            text += String(decoding: bytes, as: UTF8.self)
        }

        override func parserDidEndElement(_ parser: XMLStreamParser) {
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            switch path {
            case ["ggz", "file", "name"]: files[files.count - 1].name = value
            case ["ggz", "file", "gch", "code"]: code = value
            case ["ggz", "file", "gch", "file_pos"], ["ggz", "file", "gch", "file_len"]:
                guard let number = Int(value), number >= 0 else {
                    problem = "gives \(path.last!) '\(MessageValue.shown(value))' for "
                        + "\(code.isEmpty ? "a cache" : MessageValue.shown(code)), not a byte count"
                    parser.abortParsing()
                    return
                }
                if path.last == "file_pos" { position = number } else { length = number }
            case ["ggz", "file", "gch"]:
                if let position, let length {
                    files[files.count - 1].caches.append((code, position, length))
                }
            default: break
            }
            path.removeLast()
            text = ""
        }
    }
}
