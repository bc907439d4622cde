import Foundation

/// Where the bytes of an import come from: a file, standard input, or bytes in memory.
public struct ImportSource: Sendable {
    enum Origin: Sendable {
        case file(String)
        case standardInput
        case bytes([UInt8])
    }

    let origin: Origin
    /// The name messages use: the path as given, or `<stdin>`.
    public let name: String

    /// A file, read in chunks (never whole) as the import goes.
    public static func file(_ path: String) -> ImportSource {
        ImportSource(origin: .file(path), name: path)
    }

    /// Standard input (`-` on the command line), read in chunks.
    public static var standardInput: ImportSource {
        ImportSource(origin: .standardInput, name: "<stdin>")
    }

    /// Bytes already in memory, named `name` in messages.
    public static func bytes(_ bytes: [UInt8], name: String) -> ImportSource {
        ImportSource(origin: .bytes(bytes), name: name)
    }
}
