import Foundation
import GeoModel

/// What the commands say of field mode's files on this machine (the copy, the outbox, the
/// drafts) found damaged and set aside.
extension CommandText {
    /// One of field mode's files found damaged and set aside: said once, on standard
    /// error, by the command that found it.
    static func setAside(_ file: FieldFileSetAside) -> String {
        switch file.kind {
        case .copy:
            "this machine's copy of the club's caches was damaged (\(file.reason)); it was set aside as "
                + "\(file.setAsidePath) and is not used. The next sync fetches a new copy (the file set aside "
                + "can then be deleted)."
        case .outbox:
            "the outbox, where the changes made while the club store could not be reached are kept, was damaged "
                + "(\(file.reason)); it was set aside as \(file.setAsidePath), untouched, and a new outbox was "
                + "started. The changes kept in the old one were not delivered: keep that file, it may still hold "
                + "them for recovery."
        case .drafts:
            "the drafts file, where forms on the copy keep the text left in their fields, was damaged "
                + "(\(file.reason)); it was set aside as \(file.setAsidePath), untouched, and a new one was started. "
                + "A draft it held was not restored: that file may still hold its text."
        }
    }
}
