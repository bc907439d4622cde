import Foundation

/// A store file's path as a string, worked out without asking a `URL` for it.
///
/// The first `URL.path` or `lastPathComponent` of a process builds a `Set<UInt8>`, whose
/// generic metadata makes the Swift runtime look through every protocol conformance
/// of the program. The store opens on its own thread while the form is painted, on the
/// first paint's critical path (docs/performance.md, issue 11), so the path is kept as a
/// string from the start.
enum StorePath {
    /// The absolute path `value` names, as `URL(fileURLWithPath: value).path` gives it.
    /// A path that is already absolute and plain (no empty, `.` or `..` component and
    /// no trailing slash), as `--store` with an absolute path and the default store are,
    /// is its own answer; anything else is left to `URL`, which knows the rest. A
    /// leading `~` (alone or before a slash), as a quoted `--store '~/x.sqlite'` or a
    /// `GEOCACHE_STORE` set outside a shell writes it, is `$HOME`, as for the default
    /// store (`URL` would take the home directory from the password database instead).
    static func absolute(_ value: String) -> String {
        if value == "~" || value.hasPrefix("~/"), let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
            return absolute(home + value.dropFirst())
        }
        return isPlainAbsolute(value) ? value : URL(fileURLWithPath: value).path
    }

    /// `relative` under `directory`, as `URL.appendingPathComponent` joins them: a
    /// slash between, where `directory` does not end with one already.
    static func appending(_ relative: String, to directory: String) -> String {
        directory.utf8.last == UInt8(ascii: "/") ? directory + relative : directory + "/" + relative
    }

    /// The last component of an absolute, plain path: the file's name.
    static func fileName(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), path.utf8.index(after: slash) != path.endIndex else {
            return path
        }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// The directory part of a file's path, as `NSString.deletingLastPathComponent`
    /// gives it for a path without a trailing slash: up to the last slash ("/" for a
    /// file at the root), or "" when there is no slash.
    static func directory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
    }

    /// Starts with `/` and has no empty, `.` or `..` component after it.
    private static func isPlainAbsolute(_ value: String) -> Bool {
        let bytes = value.utf8
        guard bytes.first == UInt8(ascii: "/"), bytes.count > 1 else { return false }
        var componentLength = 0
        var dots = 0
        for byte in bytes.dropFirst() {
            if byte == UInt8(ascii: "/") {
                if componentLength == 0 || componentLength == dots && dots <= 2 { return false }
                componentLength = 0
                dots = 0
            } else {
                componentLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return componentLength > 0 && !(componentLength == dots && dots <= 2)
    }
}
