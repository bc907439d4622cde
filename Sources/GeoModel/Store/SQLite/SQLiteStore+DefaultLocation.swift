import Foundation

/// Where a store file lives when no `--store` names one.
extension SQLiteStore {
    /// Where the store lives unless told otherwise: `GEOCACHE_STORE` when set, else
    /// `$XDG_DATA_HOME/geocache-tui/caches.sqlite`, else
    /// `~/.local/share/geocache-tui/caches.sqlite`.
    public static func defaultURL(
        environment: [String: String] = StoreLocation.processEnvironment()
    ) -> URL {
        URL(fileURLWithPath: defaultPath(environment: environment))
    }

    /// ``defaultURL(environment:)`` as an absolute path.
    public static func defaultPath(
        environment: [String: String] = StoreLocation.processEnvironment()
    ) -> String {
        if let path = environment["GEOCACHE_STORE"], !path.isEmpty {
            return StorePath.absolute(path)
        }
        return StorePath.absolute(StorePath.appending("caches.sqlite", to: defaultDirectory(environment: environment)))
    }

    /// The XDG data directory of geocache-tui, ignoring `GEOCACHE_STORE`.
    static func defaultDirectory(environment: [String: String]) -> String {
        // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return StorePath.appending("geocache-tui", to: dataHome)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return StorePath.appending(".local/share/geocache-tui", to: home)
    }
}
