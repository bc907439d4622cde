import Foundation
import GeoTestSupport

/// A place where a source file breaks one of the layering rules.
struct RuleViolation: Equatable, CustomStringConvertible {
    /// The file's path from the package root.
    var path: String
    /// The line, counted from 1.
    var line: Int
    /// What the file uses that it must not.
    var what: String

    var description: String { "\(path):\(line): \(what)" }
}

/// One Swift file of the package, read as code: comments and string literals blanked,
/// so a name in a doc comment or a message never counts as a use.
struct SourceFile {
    /// The path from the package root, e.g. `Sources/GeoTUI/Widgets/Button.swift`.
    let path: String
    /// The text with comments and string literals replaced by spaces; lines are kept.
    let code: String

    init(path: String, text: String) {
        self.path = path
        code = SourceScanner.code(of: text)
    }

    /// True when the file lies in `directory` (a path from the package root) or below it.
    func isInside(_ directory: String) -> Bool {
        path.hasPrefix(directory.hasSuffix("/") ? directory : directory + "/")
    }
}

/// One `import` declaration.
struct ImportDeclaration: Equatable {
    /// The imported module (for `import struct GeoModel.GeoCache`, `GeoModel`).
    var module: String
    var line: Int
    /// True for `@_exported import`, which makes the module visible to every file of
    /// the importing module and to its clients.
    var isReexported: Bool
}

/// One identifier in a file's code.
struct IdentifierUse: Equatable {
    var name: String
    var line: Int
    /// True when it follows a dot (`canvas.erase()`): a member, not a free C function.
    var isMember: Bool
    /// True when an opening parenthesis follows it: a call.
    var isCall: Bool
}

/// Reads Swift sources well enough to check which modules and names they use. It is a
/// scanner, not a parser: it knows comments, string literals, imports, identifiers and
/// top-level type declarations, which is all the rules need.
enum SourceScanner {
    /// The package root.
    static let packageRoot: URL = PackageRoot.url

    /// Every Swift file under `Sources`, read once for all the tests.
    static let packageSources = Result { try swiftFiles(under: "Sources") }

    /// Every Swift file under `directory` (a path from the package root), sorted by path.
    static func swiftFiles(under directory: String) throws -> [SourceFile] {
        let base = packageRoot.appendingPathComponent(directory)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
            return []
        }
        var files: [SourceFile] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let relative = directory + url.standardizedFileURL.path
                .dropFirst(base.standardizedFileURL.path.count)
            files.append(SourceFile(path: relative, text: try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// `text` with every comment (line, block, nested block) and string literal (plain,
    /// multi-line, raw) replaced by spaces, newlines kept so line numbers still hold.
    static func code(of text: String) -> String {
        let bytes = Array(text.utf8)
        var result = bytes
        var index = 0
        func blank(_ range: Range<Int>) {
            for position in range where result[position] != newline { result[position] = space }
        }
        let slash = UInt8(ascii: "/"), hash = UInt8(ascii: "#")
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == slash || byte == quote || byte == hash else {
                index += 1
                continue
            }
            if starts(bytes, "//", at: index) {
                var end = index
                while end < bytes.count, bytes[end] != newline { end += 1 }
                blank(index..<end)
                index = end
            } else if starts(bytes, "/*", at: index) {
                var end = index
                var depth = 0
                repeat {
                    if bytes[end] == slash, starts(bytes, "/*", at: end) {
                        depth += 1; end += 2
                    } else if bytes[end] == UInt8(ascii: "*"), starts(bytes, "*/", at: end) {
                        depth -= 1; end += 2
                    } else {
                        end += 1
                    }
                } while depth > 0 && end < bytes.count
                end = min(end, bytes.count)
                blank(index..<end)
                index = end
            } else if bytes[index] == quote || starts(bytes, "#\"", at: index) {
                let end = endOfString(bytes, from: index)
                blank(index..<end)
                index = end
            } else {
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static let newline = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")
    private static let quote = UInt8(ascii: "\"")

    private static func starts(_ bytes: [UInt8], _ marker: StaticString, at position: Int) -> Bool {
        let count = marker.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return (0..<count).allSatisfy { bytes[position + $0] == marker.utf8Start[$0] }
    }

    /// The index just after the string literal that starts at `start` with its `#`s or
    /// its opening quote; the end of the line for an unterminated one-line literal.
    private static func endOfString(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        var hashes = 0
        while bytes[index] == UInt8(ascii: "#") { hashes += 1; index += 1 }
        let multiLine = index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
        let quotes = multiLine ? 3 : 1
        index += quotes
        let closing = [UInt8](repeating: quote, count: quotes) + [UInt8](repeating: UInt8(ascii: "#"), count: hashes)
        while index < bytes.count {
            if hashes == 0, bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == quote, index + closing.count <= bytes.count,
               bytes[index..<index + closing.count].elementsEqual(closing) {
                return index + closing.count
            }
            if !multiLine, bytes[index] == newline { return index }
            index += 1
        }
        return bytes.count
    }

    /// The `import` declarations of a file, attributes and kinds allowed
    /// (`@testable import GeoTUI`, `@preconcurrency import CNcurses`,
    /// `import struct GeoModel.GeoCache`).
    static func imports(in file: SourceFile) -> [ImportDeclaration] {
        let kinds: Set<Substring> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
        var found: [ImportDeclaration] = []
        for (offset, line) in file.code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var words = line.split(whereSeparator: \.isWhitespace)[...]
            var reexported = false
            while let first = words.first, first.hasPrefix("@") {
                if first == "@_exported" { reexported = true }
                words = words.dropFirst()
            }
            guard words.first == "import" else { continue }
            words = words.dropFirst()
            if let kind = words.first, kinds.contains(kind) { words = words.dropFirst() }
            guard let path = words.first, let module = path.split(separator: ".").first else { continue }
            found.append(ImportDeclaration(module: String(module), line: offset + 1, isReexported: reexported))
        }
        return found
    }

    /// Every identifier in a file's code, in order.
    static func identifiers(in file: SourceFile) -> [IdentifierUse] {
        let bytes = Array(file.code.utf8)
        var uses: [IdentifierUse] = []
        var line = 1
        var index = 0
        func isHead(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
        func isBody(_ byte: UInt8) -> Bool { isHead(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == UInt8(ascii: "\t") }
        while index < bytes.count {
            if bytes[index] == newline { line += 1 }
            guard isHead(bytes[index]), index == 0 || !isBody(bytes[index - 1]) else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, isBody(bytes[end]) { end += 1 }
            var before = index - 1
            while before >= 0, isBlank(bytes[before]) { before -= 1 }
            var after = end
            while after < bytes.count, isBlank(bytes[after]) { after += 1 }
            uses.append(IdentifierUse(
                name: String(decoding: bytes[index..<end], as: UTF8.self), line: line,
                isMember: before >= 0 && bytes[before] == UInt8(ascii: "."),
                isCall: after < bytes.count && bytes[after] == UInt8(ascii: "(")))
            index = end
        }
        return uses
    }

    /// The types a file declares at the top level (not nested ones): classes, structs,
    /// enums, protocols, actors and type aliases.
    static func topLevelTypeNames(in file: SourceFile) -> Set<String> {
        let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private",
                                         "open", "final", "indirect"]
        let kinds: Set<Substring> = ["class", "struct", "enum", "protocol", "actor", "typealias"]
        var names: Set<String> = []
        for line in file.code.split(separator: "\n") where !(line.first?.isWhitespace ?? true) {
            var words = line.split(whereSeparator: { $0.isWhitespace || $0 == ":" || $0 == "<" || $0 == "{" })[...]
            while let first = words.first, modifiers.contains(first) || first.hasPrefix("@") {
                words = words.dropFirst()
            }
            guard let kind = words.first, kinds.contains(kind), let name = words.dropFirst().first else { continue }
            names.insert(String(name))
        }
        return names
    }
}
