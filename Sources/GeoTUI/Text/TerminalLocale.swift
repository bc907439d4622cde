import Glibc

/// Where the process's locale is put right for wide characters.
public enum TerminalLocale {
    /// Sets `LC_CTYPE` from the environment, falling back to `C.UTF-8` when that is not
    /// a UTF-8 locale (LANG unset, POSIX, Latin-1), so wide characters and box lines work.
    /// Returns true when the fallback was needed.
    ///
    /// Only the character type is set: it is all that `wcwidth` and ncurses read. The
    /// other categories stay "C" (messages, number and date formats, collation), which
    /// spares loading their locale files at every start.
    ///
    /// The locale is set once, at the first call; later calls return what it did (so a
    /// call from another thread's start-up work never runs `setlocale` beside it).
    @discardableResult
    public static func ensureUTF8() -> Bool { fallbackNeeded }

    private static let fallbackNeeded: Bool = {
        if let name = setlocale(LC_CTYPE, ""), isUTF8(name) { return false }
        if setlocale(LC_CTYPE, "C.UTF-8") == nil { _ = setlocale(LC_CTYPE, "C.utf8") }
        return true
    }()

    /// True when the locale name names a UTF-8 codeset ("…UTF-8", "…utf8", "….UTF-8@euro"),
    /// in any case. Compared as bytes: `String.contains` with a string is Foundation's,
    /// whose search brings code the form runs nowhere else into memory at every start.
    static func isUTF8(_ name: UnsafePointer<CChar>) -> Bool {
        let lowered = String(cString: name).utf8.map { $0 | (($0 >= 65 && $0 <= 90) ? 0x20 : 0) }
        return [Array("utf-8".utf8), Array("utf8".utf8)].contains { codeset in
            lowered.count >= codeset.count && (0...lowered.count - codeset.count).contains { start in
                lowered[start..<start + codeset.count].elementsEqual(codeset)
            }
        }
    }
}
