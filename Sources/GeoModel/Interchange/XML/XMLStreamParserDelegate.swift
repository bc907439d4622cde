/// What ``XMLStreamParser`` reports, as the bytes libxml2 holds: nothing becomes a
/// String unless the receiver makes it one.
protocol XMLStreamParserDelegate: AnyObject {
    /// An element starts. `namespaceURI` is the namespace libxml2 resolved for it
    /// (nil when none); `prefix` is the one written before its name, if any.
    func parser(_ parser: XMLStreamParser, didStart localName: UnsafeBufferPointer<UInt8>,
                prefix: UnsafeBufferPointer<UInt8>?, namespaceURI: UnsafeBufferPointer<UInt8>?,
                attributes: XMLStreamParser.Attributes)
    /// The element that started last ends.
    func parserDidEndElement(_ parser: XMLStreamParser)
    /// Text inside the current element (entities already replaced), or a CDATA section.
    func parser(_ parser: XMLStreamParser, foundText bytes: UnsafeBufferPointer<UInt8>)
}
