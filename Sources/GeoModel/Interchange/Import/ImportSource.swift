import Foundation

/// Where the bytes of an import come from: a file, standard input, or bytes in memory
/// (and, inside the import, one file of a zip archive).
public struct ImportSource: Sendable {
    enum Origin: Sendable {
        case file(String)
        case standardInput
        case bytes([UInt8])
        case archiveMember(ArchiveMember)
    }

    let origin: Origin
    /// The name messages use: the path as given, or `<stdin>`, its control characters
    /// escaped as `list` escapes them (``MessageValue/name(_:)``), so that a message
    /// naming it stays one line.
    public let name: String

    /// The number of bytes the source holds when that is known before reading it: a
    /// regular file (also as standard input) or bytes in memory; nil for a pipe, a
    /// terminal or a file that cannot be examined.
    public var size: Int64? {
        var status = stat()
        switch origin {
        case .bytes(let bytes): return Int64(bytes.count)
        case .archiveMember(let member): return Int64(member.entry.size)
        case .standardInput: guard fstat(0, &status) == 0 else { return nil }
        case .file(let path): guard stat(path, &status) == 0 else { return nil }
        }
        return (status.st_mode & S_IFMT) == S_IFREG ? Int64(status.st_size) : nil
    }

    /// A file, read in chunks (never whole) as the import goes.
    public static func file(_ path: String) -> ImportSource {
        ImportSource(origin: .file(path), name: MessageValue.name(path))
    }

    /// Standard input (`-` on the command line), read in chunks.
    public static var standardInput: ImportSource {
        ImportSource(origin: .standardInput, name: "<stdin>")
    }

    /// Bytes already in memory, named `name` in messages.
    public static func bytes(_ bytes: [UInt8], name: String) -> ImportSource {
        ImportSource(origin: .bytes(bytes), name: MessageValue.name(name))
    }
}
