import ArgumentParser
import GeoModel
#if canImport(Glibc)
import Glibc
#endif

/// A usage error for an argument that is not UTF-8 text.
///
/// Swift reads the command line as UTF-8, putting U+FFFD in place of bytes that are
/// not: a file named `x\xFF.gpx` became `x�.gpx`, so an import said the file it was
/// given did not exist, and an export or a new store was written under another name.
/// Such an argument is refused before anything runs, its bytes shown (`x\xFF.gpx`).
enum NonUTF8Argument {
    /// Exits with a usage error (status 64) at the first argument of the process that
    /// is not UTF-8 text.
    static func exitIfAny() {
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let bytes = Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map(UInt8.init(bitPattern:))
            guard String(validating: bytes, as: UTF8.self) == nil else { continue }
            GeocacheTUICommand.exitReporting(ValidationError(CommandText.notUTF8Argument(shown(bytes))))
        }
    }

    /// `bytes` with each byte that is not part of UTF-8 text written as `\xFF`, and
    /// control characters as `list` writes them.
    static func shown(_ bytes: [UInt8]) -> String {
        var text = ""
        var start = 0
        while start < bytes.count {
            // The longest run from `start` that is UTF-8 text.
            var end = bytes.count
            while end > start, String(validating: bytes[start..<end], as: UTF8.self) == nil { end -= 1 }
            if end > start {
                text += GeoCache.lineEscaped(String(decoding: bytes[start..<end], as: UTF8.self))
                start = end
            } else {
                text += "\\x" + String(bytes[start], radix: 16, uppercase: true).leftPadded(to: 2)
                start += 1
            }
        }
        return text
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
