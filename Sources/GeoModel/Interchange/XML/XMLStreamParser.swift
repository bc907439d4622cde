import CLibXML2

/// libxml2's push parser fed in chunks, with SAX2 callbacks that hand the delegate
/// the bytes libxml2 has: the streaming reader under ``GPXReader``.
///
/// It parses as Foundation's XMLParser did for the reader (which wraps the same
/// parser): entities are replaced, nothing is fetched from the network, external
/// DTDs are not loaded, and libxml2's own limits hold (a text, name or CDATA section
/// of 10 MB at most). The first error stops the parse; its libxml2 code and the
/// position where it was found are kept in ``error``.
///
/// libxml2 is Debian's shared library, opened the first time a parser is made
/// (CLibXML2's `cxml_library`): the commands that read no XML never load it. Where it
/// is not installed, making a parser throws ``LibraryMissing``.
final class XMLStreamParser {
    /// libxml2 could not be loaded; `reason` is the dynamic loader's message.
    struct LibraryMissing: Error {
        let reason: String
    }

    /// The attributes of a start tag, as libxml2 passes them: five pointers each
    /// (local name, prefix, namespace URI, value start, value end).
    struct Attributes {
        fileprivate let pointers: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
        fileprivate let count: Int

        /// The value of the attribute named `localName` (in no namespace), or nil.
        func value(of localName: StaticString) -> String? {
            bytes(of: localName).map { String(decoding: $0, as: UTF8.self) }
        }

        /// The bytes of the value of the attribute named `localName` (in no namespace),
        /// valid during the callback only; nil when there is no such attribute.
        func bytes(of localName: StaticString) -> UnsafeBufferPointer<UInt8>? {
            guard let pointers else { return nil }
            for index in 0..<count {
                let base = index * 5
                guard let name = pointers[base], pointers[base + 2] == nil,
                      XMLStreamParser.bytes(name).count == localName.utf8CodeUnitCount,
                      memcmp(name, localName.utf8Start, localName.utf8CodeUnitCount) == 0,
                      let start = pointers[base + 3], let end = pointers[base + 4] else { continue }
                return UnsafeBufferPointer(start: start, count: end - start)
            }
            return nil
        }
    }

    /// A NUL-terminated string libxml2 passed, valid during the callback only: measured
    /// (`strlen`) only when its bytes are asked for, as most callbacks never look.
    struct CString {
        let pointer: UnsafePointer<UInt8>
        var bytes: UnsafeBufferPointer<UInt8> { XMLStreamParser.bytes(pointer) }
    }

    /// Set for the parse and cleared after it (not weak: a weak load per callback cost
    /// more than the callback's own work). This and the parse's state below are used by
    /// one thread, one callback at a time: their accesses are not checked at run time
    /// (as ``GPXReader/Delegate``'s).
    @exclusivity(unchecked) var delegate: XMLStreamParserDelegate? {
        didSet { receiver = delegate.map { Unmanaged.passUnretained($0) } }
    }
    /// ``delegate`` as the callbacks read it, without retaining it (``delegate`` holds
    /// it): a retain and a release per callback were a twentieth of a parse.
    @exclusivity(unchecked) private var receiver: Unmanaged<XMLStreamParserDelegate>?
    /// The first error: libxml2's code and where it was found.
    @exclusivity(unchecked) private(set) var error: (code: Int, line: Int, column: Int)?
    @exclusivity(unchecked) private var context: xmlParserCtxtPtr?
    private var handler = xmlSAXHandler()
    @exclusivity(unchecked) private var stopped = false
    /// libxml2's functions, loaded once per process.
    private let xml: cxml_functions

    /// A parser, with libxml2 loaded if this is the first.
    /// - Throws: ``LibraryMissing`` when libxml2 cannot be loaded.
    init() throws(LibraryMissing) {
        guard let library = cxml_library() else { throw LibraryMissing(reason: String(cString: cxml_error())) }
        xml = library.pointee
        cxml_handler_init(&handler)
        handler.startElementNs = { user, localName, prefix, uri, _, _, attributeCount, _, attributes in
            guard let localName else { return }
            XMLStreamParser.with(user) { parser in
                parser.receiver?._withUnsafeGuaranteedRef {
                    $0.parser(parser, didStart: XMLStreamParser.bytes(localName),
                              prefix: prefix.map(CString.init), namespaceURI: uri.map(CString.init),
                              attributes: Attributes(pointers: attributes, count: Int(attributeCount)))
                }
            }
        }
        handler.endElementNs = { user, _, _, _ in
            XMLStreamParser.with(user) { parser in parser.receiver?._withUnsafeGuaranteedRef { $0.parserDidEndElement(parser) } }
        }
        let text: charactersSAXFunc = { user, bytes, count in
            guard let bytes else { return }
            XMLStreamParser.with(user) { parser in
                parser.receiver?._withUnsafeGuaranteedRef {
                    $0.parser(parser, foundText: UnsafeBufferPointer(start: bytes, count: Int(count)))
                }
            }
        }
        handler.characters = text
        handler.ignorableWhitespace = text
        handler.cdataBlock = text
        handler.serror = { user, error in
            guard let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            XMLStreamParser.with(user) { parser in parser.fail(code: Int(error.pointee.code)) }
        }
    }

    deinit {
        if let context { xml.freeParserCtxt(context) }
    }

    /// The bytes of a NUL-terminated string libxml2 passed.
    fileprivate static func bytes(_ string: UnsafePointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: string, count: strlen(UnsafeRawPointer(string).assumingMemoryBound(to: CChar.self)))
    }

    /// Calls `body` with the parser a callback's `user` points to, not retained: the
    /// parse runs inside ``parse(chunks:)``, whose caller holds the parser.
    private static func with(_ user: UnsafeMutableRawPointer?, _ body: (XMLStreamParser) -> Void) {
        guard let user else { return }
        Unmanaged<XMLStreamParser>.fromOpaque(user)._withUnsafeGuaranteedRef(body)
    }

    /// The line of the parser's position (1-based), during a callback or after an error.
    var lineNumber: Int { context.map { Int(xml.lineNumber($0)) } ?? 0 }
    /// The column of the parser's position (1-based).
    var columnNumber: Int { context.map { Int(xml.columnNumber($0)) } ?? 0 }

    /// Stops the parse: no callback follows.
    func abortParsing() {
        stopped = true
        if let context { xml.stopParser(context) }
    }

    /// Notes what `xmlParseChunk` returned, and what libxml2 said meanwhile: bytes its
    /// encoder could not convert stop the parse without a word to the error handler
    /// (`XML_ERR_INVALID_ENCODING`, or a generic message, ``cxml_encoding_failed``), so
    /// the document would end there as if it were whole.
    private func noteResult(_ result: Int32) {
        let code = Int(XML_ERR_INVALID_ENCODING.rawValue)
        if Int(result) == code || cxml_encoding_failed().pointee != 0 {
            error = nil
            fail(code: code)
        }
    }

    private func fail(code: Int) {
        guard error == nil else { return }
        error = (code, lineNumber, max(columnNumber, 1))
        abortParsing()
    }

    /// Parses the document whose bytes `nextChunk` hands over, a chunk a call: an empty
    /// chunk at the end, nil when reading failed. Each chunk goes to libxml2 as it is
    /// (which copies it into its own buffer). Returns false when the document is not
    /// well-formed, the delegate aborted, or reading failed.
    func parse(chunks nextChunk: () -> [UInt8]?) -> Bool {
        let user = Unmanaged.passUnretained(self).toOpaque()
        var failedToRead = false
        while !stopped {
            guard let bytes = nextChunk() else { failedToRead = true; break }
            if bytes.isEmpty {
                if let context { noteResult(xml.parseChunk(context, nil, 0, 1)) }
                break
            }
            bytes.withUnsafeBytes { raw in
                let chunk = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
                let count = raw.count
                if let context {
                    noteResult(xml.parseChunk(context, chunk, Int32(count), 0))
                } else {
                    // The first bytes tell libxml2 the encoding (a byte order mark, or
                    // the declaration's first characters).
                    let head = min(4, count)
                    withUnsafePointer(to: xml) { cxml_take_generic_errors($0) }
                    context = xml.createPushParserCtxt(&handler, user, chunk, Int32(head), nil)
                    if let context {
                        _ = xml.ctxtUseOptions(context, Int32(XML_PARSE_NOENT.rawValue | XML_PARSE_NONET.rawValue))
                        if count > head { noteResult(xml.parseChunk(context, chunk + head, Int32(count - head), 0)) }
                    }
                }
            }
            if context == nil { failedToRead = true; break }
        }
        return !failedToRead && !stopped && error == nil
    }
}
