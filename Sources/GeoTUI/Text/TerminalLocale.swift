import Glibc

/// Where the process's locale is put right for wide characters.
public enum TerminalLocale {
    /// Sets `LC_ALL` from the environment, falling back to `C.UTF-8` when that is not a
    /// UTF-8 locale (LANG unset, POSIX, Latin-1), so wide characters and box lines work.
    /// Returns true when the fallback was needed.
    @discardableResult
    public static func ensureUTF8() -> Bool {
        if let name = setlocale(LC_ALL, ""), isUTF8(String(cString: name)) { return false }
        if setlocale(LC_ALL, "C.UTF-8") == nil { _ = setlocale(LC_ALL, "C.utf8") }
        // Keep the user's message and number formats where they exist.
        return true
    }

    private static func isUTF8(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.contains("utf-8") || lower.contains("utf8")
    }
}
