import Foundation
import GeoModel

/// What the commands say about values they do not take on trust: numbers out of range
/// on the command line.
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
}
