/// The leading bytes that tell what a file is, shared by the store's checks of a
/// foreign file and the import's format detection.
extension Array where Element == UInt8 {
    /// Starts with a zip archive's signature: a local file header or the end record
    /// of an empty archive.
    var startsWithZipSignature: Bool {
        starts(with: [0x50, 0x4B, 0x03, 0x04]) || starts(with: [0x50, 0x4B, 0x05, 0x06])
    }

    /// Starts with gzip's signature.
    var startsWithGzipSignature: Bool {
        starts(with: [0x1F, 0x8B])
    }

    /// The index after a UTF-8 byte order mark and the XML/JSON whitespace (space,
    /// tab, line feed, carriage return) that follows it; `count` when nothing else
    /// follows.
    var indexAfterByteOrderMarkAndWhitespace: Int {
        indexAfterWhitespace(from: starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
    }

    /// The first index from `start` on that is not XML/JSON whitespace (space, tab,
    /// line feed, carriage return); `count` when there is none.
    func indexAfterWhitespace(from start: Int) -> Int {
        var index = start
        while index < count, [0x20, 0x09, 0x0A, 0x0D].contains(self[index]) { index += 1 }
        return index
    }
}
