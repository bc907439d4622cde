import Foundation
import GeoModel

/// What the commands say of a finder's change (visits, own data) kept on this machine
/// whose row cannot be read: listed by `sync --status` as `fN`, named by a delivery that
/// leaves it, given up with `sync --discard fN`.
extension CommandText {
    /// The line of `sync --status` for a finder's change whose row cannot be read: what
    /// could be read of it (`?` for the rest), separated by tabs as the other lines are.
    static func statusLine(_ change: UnreadableFinderChange) -> String {
        ["f\(change.sequence)", change.kind ?? "?", change.code.map(ConflictText.visible) ?? "", "",
         "queued " + (change.queuedAt.map(time) ?? "?"), "cannot be read: " + change.reason].joined(separator: "\t")
    }

    /// `sync --discard fN` done, of a finder's change that cannot be read.
    static func dropped(_ change: UnreadableFinderChange) -> String {
        "dropped change f\(change.sequence), \(ConflictText.naming(change)); it will not be delivered"
    }
}

extension ConflictText {
    /// "visits queued 2026-11-26 18:40", "your own data on GC1A2B3 queued …", with what
    /// could be read of a finder's change whose row cannot be read.
    static func naming(_ change: UnreadableFinderChange) -> String {
        let what = switch change.kind {
        case "visits"?: "visits"
        case "own"?: "your own data" + (change.code.map { " on " + visible($0) } ?? "")
        default: "a visit or your own data"
        }
        return what + (change.queuedAt.map { " queued " + CommandText.time($0) } ?? "")
    }

    /// The lines that describe a finder's change whose row cannot be read: what it is,
    /// why it is never delivered, and how to give it up.
    static func unreadableLines(for change: UnreadableFinderChange) -> [String] {
        ["cannot be read: change f\(change.sequence), \(naming(change)); it is never delivered as it is",
         "  \(change.reason)",
         "  give it up: sync --discard f\(change.sequence)"]
    }
}

/// What `sync --discard N` says of a change whose reply was lost.
extension CommandText {
    /// `sync --discard N` of a change sent whose reply was lost, while the server cannot
    /// be asked whether it was stored.
    static func discardOutcomeNotKnown(_ label: String) -> String {
        "change \(label) was sent and its reply lost, so its outcome is not known: it may be stored on the club store "
            + "already, and the server cannot be asked now. It was left as it is, not dropped; run sync once the server "
            + "answers (it delivers the change or finds it stored), or sync --discard \(label) again then."
    }
}
