extension ListingEncoding {
    /// An encoded listing read in place: where each fact's value starts, found by one
    /// walk over the bytes that checks them as ``decode(_:)-(UnsafeRawBufferPointer?)``
    /// does, without making a String or a ``Listing``: what `list --json` and a JSON
    /// export read a stored listing through (docs/performance.md).
    ///
    /// Only the form ``encode(_:)`` writes is taken (each fact once, logs with their
    /// ids, no empty list); ``withFacts(of:found:_:)`` brings any other bytes to that form.
    struct Facts {
        /// The encoding.
        let bytes: UnsafeRawBufferPointer
        /// Per tag (by its raw value), the offset of its value, or -1 when absent.
        private var starts = InlineArray<32, Int32>(repeating: -1)

        /// No listing: every fact absent.
        init() {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
        }

        /// The facts of `bytes`, or nil when they are not in ``encode(_:)``'s form.
        init?(_ bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
            guard Self.walk(bytes, { tag, start in self.starts[Int(tag)] = start }) else { return nil }
        }

        /// The facts of `bytes` as ``appendFound(of:to:)`` gave them for the same bytes
        /// (maybe at another address): the walk made once, on another thread.
        init(bytes: UnsafeRawBufferPointer, found pairs: UnsafeBufferPointer<Int32>) {
            self.bytes = bytes
            for index in stride(from: 0, to: pairs.count - 1, by: 2) {
                starts[Int(pairs[index])] = pairs[index + 1]
            }
        }

        /// Appends each fact of `bytes` as two numbers, its tag and where its value
        /// starts, and returns true; false (`pairs` as they were) when the bytes are not
        /// in ``encode(_:)``'s form. What ``init(bytes:found:)`` takes back: a reading
        /// thread keeps these (``CacheRowBatch``), a few bytes a fact, not the table.
        static func appendFound(of bytes: UnsafeRawBufferPointer, to pairs: inout [Int32]) -> Bool {
            let count = pairs.count
            guard walk(bytes, { tag, start in pairs.append(Int32(tag)); pairs.append(start) }) else {
                pairs.removeSubrange(count...)
                return false
            }
            return true
        }

        /// One walk over an encoding, checking it: `found` is called with each fact's tag
        /// and where its value starts, in order. False when the bytes are not in
        /// ``encode(_:)``'s form (each fact once, logs with their ids, no empty list).
        @inline(__always)
        private static func walk(_ bytes: UnsafeRawBufferPointer, _ found: (UInt8, Int32) -> Void) -> Bool {
            var reader = Reader(bytes: bytes)
            guard reader.byte() == version else { return false }
            var seen: UInt64 = 0
            var logCount = 0
            while !reader.isAtEnd {
                guard let raw = reader.byte(), let tag = Tag(rawValue: raw), raw < 32, seen & (1 << raw) == 0 else {
                    return false
                }
                seen |= 1 << raw
                found(raw, Int32(reader.offset))
                switch tag {
                case .longDescriptionIsHTML, .shortDescriptionIsHTML: continue
                case .difficulty, .terrain:
                    guard let halves = reader.byte(), Rating(halves: Int(halves)) != nil else { return false }
                case .available, .archived:
                    guard let value = reader.byte(), value <= 1 else { return false }
                case .logs: return false
                case .travelBugs, .identifiedLogs, .attributes, .waypoints:
                    guard let count = reader.varint(), count > 0, count <= bytes.count else { return false }
                    for _ in 0..<count {
                        guard reader.skipElement(of: tag) else { return false }
                    }
                    if tag == .identifiedLogs { logCount = count }
                case .encodedLogs:
                    // The places of logs already walked, each once and in order.
                    guard let count = reader.varint(), count > 0, count <= logCount else { return false }
                    var last = -1
                    for _ in 0..<count {
                        guard let place = reader.varint(), place > last, place < logCount else { return false }
                        last = place
                    }
                case .type, .container, .hint, .longDescription, .url, .placed, .symbol, .shortDescription,
                     .country, .state, .cacheID, .ownerName, .ownerID, .asOf:
                    guard reader.textBytes() != nil else { return false }
                }
            }
            return true
        }

        /// True when the listing has `tag` (a flag's tag: the flag is set).
        func has(_ tag: Tag) -> Bool { starts[Int(tag.rawValue)] >= 0 }

        /// A text fact's bytes, or nil when the listing has none.
        func text(_ tag: Tag) -> UnsafeBufferPointer<UInt8>? {
            var reader = reader(at: tag)
            return reader?.textBytes()
        }

        /// A one-byte fact (a rating's halves, a boolean's 0 or 1), or nil when absent.
        func byte(_ tag: Tag) -> UInt8? {
            var reader = reader(at: tag)
            return reader?.byte()
        }

        /// A list's count and a reader at its first element, or nil when absent.
        func list(_ tag: Tag) -> (count: Int, reader: Reader)? {
            guard var reader = reader(at: tag), let count = reader.varint() else { return nil }
            return (count, reader)
        }

        private func reader(at tag: Tag) -> Reader? {
            let start = starts[Int(tag.rawValue)]
            guard start >= 0 else { return nil }
            return Reader(bytes: bytes, offset: Int(start))
        }
    }

    /// Calls `body` with the facts of the encoding `bytes` (every fact absent for no
    /// listing or an empty one: ``Facts/init()``). Bytes not in ``encode(_:)``'s own form (an older store's logs, a
    /// fact twice) are decoded and encoded again first, so they read as
    /// ``decode(_:)-(UnsafeRawBufferPointer?)`` reads them; a damaged encoding reads as no listing.
    ///
    /// `found`: the facts of these bytes as ``Facts/appendFound(of:to:)`` gave them, when
    /// they were read already (the bytes are in ``encode(_:)``'s form).
    static func withFacts<Result>(of bytes: UnsafeRawBufferPointer?, found: UnsafeBufferPointer<Int32>? = nil,
                                  _ body: (Facts) throws -> Result) rethrows -> Result {
        guard let bytes, !bytes.isEmpty else { return try body(Facts()) }
        if let found { return try body(Facts(bytes: bytes, found: found)) }
        if let facts = Facts(bytes) { return try body(facts) }
        guard let again = encode(decode(bytes) ?? .empty) else { return try body(Facts()) }
        return try again.withUnsafeBytes { try body(Facts($0) ?? Facts()) }
    }
}

extension ListingEncoding.Reader {
    /// Steps over one element of a list (`tag`'s), checking it as decoding does;
    /// false when it is not one.
    mutating func skipElement(of tag: ListingEncoding.Tag) -> Bool {
        switch tag {
        case .travelBugs: return skipTexts(3)
        case .identifiedLogs: return skipTexts(6)
        case .attributes:
            guard skipTexts(2), let on = byte(), on <= 1 else { return false }
            return skipTexts(1)
        case .waypoints:
            guard skipTexts(4) else { return false }
            for _ in 0..<4 {
                guard case .some = optionalTextBytes() else { return false }
            }
            guard case .some = place() else { return false }
            return true
        default: return false
        }
    }

    private mutating func skipTexts(_ count: Int) -> Bool {
        for _ in 0..<count {
            guard textBytes() != nil else { return false }
        }
        return true
    }

    /// An optional text's bytes: .some(nil) when absent, nil when the bytes are not one.
    mutating func optionalTextBytes() -> UnsafeBufferPointer<UInt8>?? {
        switch byte() {
        case 0: .some(nil)
        case 1: textBytes().map { .some($0) }
        default: nil
        }
    }
}
