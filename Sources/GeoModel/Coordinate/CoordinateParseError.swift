/// Why a text is not a coordinate; its ``description`` says so for a person.
public enum CoordinateParseError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The text is empty or only whitespace.
    case empty
    /// The latitude, written as `written`, is beyond 90° north or south.
    case latitudeBeyond90(written: String)
    /// The longitude, written as `written`, is beyond 180° east or west.
    case longitudeBeyond180(written: String)
    /// The minutes of an angle, written as `written`, are 60 or more.
    case minutesNotBelow60(Coordinate.Axis, written: String)
    /// The seconds of an angle, written as `written`, are 60 or more.
    case secondsNotBelow60(Coordinate.Axis, written: String)
    /// An angle written with minutes has no hemisphere letter.
    case missingHemisphere(Coordinate.Axis)
    /// An angle has a hemisphere letter that is not its own (`letter` is E or W for the
    /// latitude, N or S for the longitude).
    case wrongHemisphere(Coordinate.Axis, letter: Character)
    /// An angle has both a sign and a hemisphere letter.
    case signAndHemisphere(Coordinate.Axis)
    /// Only a latitude is given.
    case missingLongitude
    /// Something that is not part of a coordinate, `text`, stands where an angle should.
    case unexpectedText(String)
    /// A whole coordinate is followed by more text, `text`.
    case trailingText(String)
    /// A number is written with an exponent, as `written` (`1e308`), which no angle is.
    case exponent(String)
    /// The minutes or seconds of an angle carry a sign, as `written` (`-22.123`): only
    /// the degrees, or a hemisphere letter, say which side.
    case signedMinutesOrSeconds(Coordinate.Axis, written: String)
    /// The latitude and the longitude are written in different forms (one in degrees,
    /// the other with minutes, say), as `latitude` and `longitude`: no one writes a
    /// coordinate so, and a number such as `4.71e1 8.2` reads as one by accident.
    case mixedForms(latitude: String, longitude: String)
    /// Two numbers written with decimal commas (`47,368717 8,540933`), as a German or
    /// French keyboard writes them; `pointed` is the text with points.
    case decimalCommas(pointed: String)

    /// The message for a person, such as "The latitude's minutes, 60.000, are 60 or more".
    public var description: String {
        switch self {
        case .empty:
            "No coordinates given"
        case .latitudeBeyond90(let written):
            "The latitude \(written) is beyond 90°"
        case .longitudeBeyond180(let written):
            "The longitude \(written) is beyond 180°"
        case .minutesNotBelow60(let axis, let written):
            "The \(axis.name)'s minutes, \(written), are 60 or more"
        case .secondsNotBelow60(let axis, let written):
            "The \(axis.name)'s seconds, \(written), are 60 or more"
        case .missingHemisphere(let axis):
            "The \(axis.name) has no hemisphere: write \(axis.hemispheres.positive) or "
                + "\(axis.hemispheres.negative) before or after it"
        case .wrongHemisphere(let axis, let letter):
            "The \(axis.name)'s hemisphere must be \(axis.hemispheres.positive) or "
                + "\(axis.hemispheres.negative), not \(letter)"
        case .signAndHemisphere(let axis):
            "The \(axis.name) has both a sign and a hemisphere: write only one"
        case .missingLongitude:
            "The longitude is missing"
        case .unexpectedText(let text):
            "“\(text)” is not part of a coordinate"
        case .trailingText(let text):
            "Unexpected “\(text)” after the coordinates"
        case .exponent(let written):
            "“\(written)” is a number with an exponent: write the degrees out, such as 47.368717"
        case .signedMinutesOrSeconds(let axis, let written):
            "The \(axis.name)'s minutes and seconds take no sign (\(written)): the hemisphere says which side"
        case .mixedForms(let latitude, let longitude):
            "The latitude “\(latitude)” and the longitude “\(longitude)” are written differently: "
                + "write both in degrees, both with minutes, or both with seconds"
        case .decimalCommas(let pointed):
            "Decimals take a point, not a comma: write \(pointed)"
        }
    }
}
