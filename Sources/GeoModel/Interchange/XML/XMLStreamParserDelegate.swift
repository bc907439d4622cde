/// What ``XMLStreamParser`` reports, as the bytes libxml2 holds: nothing becomes a
/// String unless the receiver makes it one. A receiver subclasses this and overrides
/// what it wants (each method here does nothing). A class, not a protocol: the parser
/// calls it through an unretained reference, where a protocol's existential was
/// retained and released around each callback.
class XMLStreamParserDelegate {
    /// An element starts. `namespaceURI` is the namespace libxml2 resolved for it
    /// (nil when none); `prefix` is the one written before its name, if any: both
    /// measured only when their bytes are asked for.
    func parser(_ parser: XMLStreamParser, didStart localName: UnsafeBufferPointer<UInt8>,
                prefix: XMLStreamParser.CString?, namespaceURI: XMLStreamParser.CString?,
                attributes: XMLStreamParser.Attributes) {}
    /// The element that started last ends.
    func parserDidEndElement(_ parser: XMLStreamParser) {}
    /// Text inside the current element (entities already replaced), or a CDATA section.
    func parser(_ parser: XMLStreamParser, foundText bytes: UnsafeBufferPointer<UInt8>) {}
}
