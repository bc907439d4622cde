import Foundation

/// Where field mode keeps a club store's files on this machine: one directory per
/// store URL under `$XDG_DATA_HOME/geocache-tui/club/` (else
/// `~/.local/share/geocache-tui/club/`), named by a digest of the URL without its
/// password, holding the outbox (``Outbox``, `outbox.sqlite`) and the read-only copy
/// (``ClubCopy``, `copy.sqlite`). No password is ever written there.
public struct FieldFiles: Equatable, Sendable {
    /// The directory of this store's files (created when first written).
    public let directory: String
    /// The store's URL with the password left out, as the files name it for people.
    public let storeName: String

    /// The files of the club store at `url` (a `postgres://` URL, which may hold a
    /// password), under the data directory `environment` names.
    public init(serverURL url: String, environment: [String: String] = StoreLocation.processEnvironment()) {
        fatalError("FieldFiles.init: not written yet")
    }

    /// The outbox's SQLite file.
    public var outboxPath: String { directory + "/outbox.sqlite" }
    /// The copy's SQLite file.
    public var copyPath: String { directory + "/copy.sqlite" }
}
