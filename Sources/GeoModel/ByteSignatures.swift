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

    /// What the file is, in a few words ("a PNG image"), when it starts with the
    /// signature of a common binary format that is neither a store nor an import
    /// (images, documents, programs, other compressions); nil otherwise.
    var binaryFormatName: String? {
        let signatures: [(bytes: [UInt8], name: String)] = [
            ([0x89, 0x50, 0x4E, 0x47], "a PNG image"), ([0xFF, 0xD8, 0xFF], "a JPEG image"),
            (Array("GIF8".utf8), "a GIF image"), (Array("%PDF".utf8), "a PDF document"),
            ([0x7F, 0x45, 0x4C, 0x46], "an ELF program or library"), (Array("BZh".utf8), "bzip2-compressed data"),
            ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], "xz-compressed data"), ([0x28, 0xB5, 0x2F, 0xFD], "zstd-compressed data"),
            ([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C], "a 7-Zip archive"), (Array("Rar!".utf8), "a RAR archive"),
        ]
        return signatures.first { starts(with: $0.bytes) }?.name
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
