import Foundation

/// Field mode's own files worded for what they are: a ``StoreError`` about this machine's
/// outbox, drafts file or copy of the club store (``FieldFiles``) names that file, never
/// "the store", and never advises `--store` (which chooses the club store, not these files).
extension StoreError {
    /// The file of field mode at `path`, for people ("this machine's outbox"); nil when
    /// `path` is none of them (`…/geocache-tui/club/KEY/outbox.sqlite`, `drafts.sqlite`,
    /// `copy.sqlite`).
    static func fieldFileName(_ path: String) -> String? {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        guard components.count >= 4, components[components.count - 3] == "club",
              components[components.count - 4] == "geocache-tui" else { return nil }
        switch components[components.count - 1] {
        case "outbox.sqlite": return "this machine's outbox (the changes kept while the club store is away)"
        case "drafts.sqlite": return "this machine's drafts file (the text forms on the copy left in their fields)"
        case "copy.sqlite": return "this machine's copy of the club store"
        default: return nil
        }
    }

    /// What ``description`` says of this error when it is about one of field mode's files
    /// (``fieldFileName(_:)``): the file named for what it is, what was left as it was,
    /// and what to do; nil for any other error, worded as for a store.
    var fieldFileText: String? {
        guard let path = fieldFilePath, let what = Self.fieldFileName(path) else { return nil }
        let nothing = "nothing was written to it"
        switch self {
        case .notAStore(_, let reason), .corrupt(_, let reason):
            return "\(what), \(path), is damaged (\(reason)); it was left untouched. Move it away: a new one is "
                + "started in its place."
        case .permissionDenied(_, let reason), .cannotOpenReadOnly(_, let reason), .readOnly(_, let reason):
            return "cannot open \(what), \(path): \(reason); \(nothing). Give your user read and write access "
                + "(chmod 600 '\(path)'), then try again."
        case .cannotCreate(_, let reason):
            return "cannot create or open \(what), \(path): \(Self.sentence(reason)) Nothing was written to it. "
                + "Check that its directory may be written and the file read and written (ls -l '\(path)')."
        case .othersFile(_, let owner, let mode):
            return "cannot open \(what), \(path): it is \(owner)'s (\(mode)); \(nothing). Make it yours "
                + "(chown), then try again."
        case .isDirectory, .notAFile:
            return "\(what), \(path), is not a file (something else is in its place); \(nothing). Move what is "
                + "there away, then try again."
        case .directoryNotSearchable, .directoryNotWritable:
            return "cannot use \(what), \(path): its directory cannot be searched or written; \(nothing). Give "
                + "your user access to it (namei -l '\(path)' shows the modes), then try again."
        case .diskFull:
            return "\(what), \(path): the disk holding it is full; \(nothing). Free some space on it, then try again."
        case .noFreeInodes:
            return "\(what), \(path): the file system holding it has no free file entries (inodes) left; "
                + "\(nothing). Delete some files there (df -i shows how many are left), then try again."
        case .fileSizeLimit(_, let bytes):
            return "\(what), \(path): \(SystemReason.limitReached(bytes)); \(nothing). Raise the limit "
                + "(ulimit -f unlimited), then try again."
        case .ioError(_, let reason):
            return "\(what), \(path), cannot be read or written: the disk holding it failed (\(reason)); "
                + "\(nothing). Check the disk (dmesg shows what the system saw), then try again."
        case .newerSchema:
            return "\(what), \(path), was written by a newer version of geocache-tui; it was left untouched. "
                + "Use that newer version for this club store."
        default:
            return nil
        }
    }

    /// The path of the file this error is about, for the cases ``fieldFileText`` words.
    private var fieldFilePath: String? {
        switch self {
        case .notAStore(let path, _), .corrupt(let path, _), .permissionDenied(let path, _),
             .cannotOpenReadOnly(let path, _), .readOnly(let path, _), .cannotCreate(let path, _),
             .othersFile(let path, _, _), .isDirectory(let path), .notAFile(let path, _),
             .directoryNotSearchable(let path), .directoryNotWritable(let path, _, _), .diskFull(let path),
             .noFreeInodes(let path), .fileSizeLimit(let path, _), .ioError(let path, _), .newerSchema(let path):
            path
        default:
            nil
        }
    }
}
