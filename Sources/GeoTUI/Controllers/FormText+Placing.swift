import GeoModel

/// What the form says while coordinates are typed at the prompt (^G) and when they are
/// set, removed or refused.
extension FormText {
    static let coordinatesPrompt = "Coordinates:"
    static var placingOpened: String {
        "Enter sets, \(key(.cancelPlacing)) leaves; none removes them"
    }
    static func finishPlacingFirst(cancel: String) -> String {
        "Enter sets, \(cancel) leaves"
    }
    static func placed(_ coordinate: Coordinate) -> String { "Placed at \(coordinate.geocachingText)" }
    static let placeRemoved = "Coordinates removed"
    static let placeUnchanged = "Coordinates unchanged"
    /// A coordinate that could not be read: what is wrong, that nothing was stored, and
    /// the forms that are read.
    static func notACoordinate(_ error: CoordinateParseError) -> String {
        "\(error); nothing stored.\n\nWrite the coordinates as geocachers do, such as N47 22.123 E008 32.456, "
            + "47.368717, 8.540933 or 47°22'07.4\"N 8°32'27.4\"E, or none to remove them; "
            + "Enter sets them, \(key(.cancelPlacing)) leaves them unchanged."
    }
    static let notACoordinateNote = "Not a coordinate: nothing stored"
    static func couldNotPlace(_ error: any Error, hint: String) -> String {
        "Could not set the coordinates: \(error)\(hint)"
    }
    static func cannotPlace(_ error: GeoCacheValidationError) -> String {
        "Cannot set the coordinates: \(error). \(key(.editCache)) edits the cache first."
    }
    static func deletedWhilePlacing(_ title: String) -> String {
        "\(noteQuoted(title)) was deleted in another session; no coordinates stored"
    }
    static func changedWhilePlacing(_ title: String) -> String {
        "\(noteQuoted(title)) was changed in another session; nothing stored. \(key(.placeCache)) tries again on the stored version"
    }
}
