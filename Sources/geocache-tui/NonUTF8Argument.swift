import ArgumentParser
import GeoModel
#if canImport(Glibc)
import Glibc
#endif

/// A usage error for an argument, or a variable naming the store's place, that is not
/// UTF-8 text.
///
/// Swift reads the command line and the environment as UTF-8, putting U+FFFD in place
/// of bytes that are not: a file named `x\xFF.gpx` became `x�.gpx`, so an import said
/// the file it was given did not exist, and an export or a new store was written under
/// another name. Such an argument is refused before anything runs, its bytes shown
/// (`x\xFF.gpx`), and so is such a value of the variables the store's place is read
/// from (``pathVariables``).
enum NonUTF8Argument {
    /// The variables a store's or its records' place is read from.
    static let pathVariables = ["GEOCACHE_STORE", "XDG_DATA_HOME", "XDG_STATE_HOME"]

    /// Exits with a usage error (status 64) at the first argument of the process that
    /// is not UTF-8 text, else at the first of ``pathVariables`` that is not.
    static func exitIfAny() {
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index], let shown = shownIfNotUTF8(pointer) else { continue }
            GeocacheTUICommand.exitReporting(ValidationError(CommandText.notUTF8Argument(shown)))
        }
        for name in pathVariables {
            guard let value = getenv(name), let shown = shownIfNotUTF8(value) else { continue }
            GeocacheTUICommand.exitReporting(CommandFailure.report(message: CommandText.notUTF8Variable(name, shown),
                                                                   status: ExitCode.validationFailure.rawValue))
        }
    }

    /// The C string at `pointer` as ``shown(_:)`` writes it, when it is not UTF-8 text.
    private static func shownIfNotUTF8(_ pointer: UnsafePointer<CChar>) -> String? {
        let bytes = Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map(UInt8.init(bitPattern:))
        return String(validating: bytes, as: UTF8.self) == nil ? shown(bytes) : nil
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
