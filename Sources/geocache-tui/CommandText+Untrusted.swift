import Foundation
import GeoModel

/// What the commands say about values and files they do not take on trust: numbers out
/// of range on the command line, field mode's files found damaged and set aside, and
/// changes kept on this machine whose rows cannot be read.
extension CommandText {
    // MARK: - Numbers out of range

    /// `sync --within` given a distance beyond half the Earth's circumference.
    static func tooFar(_ text: String) -> String {
        "“\(text)” is farther than any place can be: give at most "
            + "\(Coordinate.distanceText(metres: ClubCopy.Area.greatestRadius)) (half the Earth's circumference, "
            + "which reaches every place), such as 50km."
    }

    /// A whole-number option given digits beyond the numbers it takes.
    static func numberOutOfRange(_ text: String, least: String, greatest: String) -> String {
        "“\(text)” is out of range: give a whole number from \(least) to \(greatest)."
    }

    /// A whole-number option given something else.
    static func notAWholeNumber(_ text: String) -> String {
        "“\(text)” is not a whole number: give one such as 3."
    }

    // MARK: - Files set aside

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
        }
    }

    // MARK: - Changes that cannot be read

    /// The line of `sync --status` for a change whose row cannot be read: what could be
    /// read of it (`?` for the rest), separated by tabs as the other lines are.
    static func statusLine(_ change: UnreadableChange) -> String {
        [String(change.sequence), change.kind?.rawValue ?? "?", change.code.map(ConflictText.visible) ?? "?",
         change.title.map(ConflictText.visible) ?? "?", "queued " + (change.queuedAt.map(time) ?? "?"),
         "cannot be read: " + change.reason].joined(separator: "\t")
    }

    /// "1 change that cannot be read", "2 changes that cannot be read".
    static func unreadable(_ count: Int) -> String {
        changes(count) + " that cannot be read"
    }

    /// `sync --discard N` done, of a change that cannot be read.
    static func dropped(_ change: UnreadableChange) -> String {
        "dropped change \(change.sequence), \(ConflictText.naming(change)); it will not be delivered"
    }

    /// `sync --overwrite N` of a change that cannot be read.
    static func cannotOverwrite(_ change: UnreadableChange) -> String {
        "change \(change.sequence) cannot be read (\(change.reason)), so it cannot be delivered over the server's "
            + "version; nothing was changed. Give it up with sync --discard \(change.sequence)."
    }
}

extension ConflictText {
    /// "an edit of GT12AB34C “Old Oak” queued 2026-11-26 18:40", with what could be
    /// read of a change whose row cannot be read.
    static func naming(_ change: UnreadableChange) -> String {
        let kind = switch change.kind {
        case .add?: "an add"
        case .edit?: "an edit"
        case .delete?: "a delete"
        case nil: "a change"
        }
        let code = change.code.map { " of " + visible($0) } ?? ""
        let title = change.title.map { " “\(visible($0))”" } ?? ""
        return kind + code + title + (change.queuedAt.map { " queued " + CommandText.time($0) } ?? "")
    }

    /// The lines that describe a change whose row cannot be read: what it is, why it is
    /// never delivered, and how to give it up.
    static func unreadableLines(for change: UnreadableChange) -> [String] {
        ["cannot be read: change \(change.sequence), \(naming(change)); it is never delivered as it is",
         "  \(change.reason)",
         "  give it up: sync --discard \(change.sequence)"]
    }
}
