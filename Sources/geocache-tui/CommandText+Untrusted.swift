import Foundation
import GeoModel

/// What the commands say about values and files they do not take on trust: numbers out
/// of range on the command line, and field mode's files found damaged and set aside.
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
}
