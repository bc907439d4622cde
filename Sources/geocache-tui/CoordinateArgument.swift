import ArgumentParser
import GeoModel

/// Reading coordinates from the command line, as geocachers write them
/// (`N47 22.123 E008 32.456`, `47.368717, 8.540933`, `47°22'07.4"N 8°32'27.4"E`).
enum CoordinateArgument {
    /// The coordinate in `text`, or a usage error naming what is wrong with it.
    static func parse(_ text: String) throws -> Coordinate {
        do {
            return try Coordinate(parsing: text)
        } catch {
            throw ValidationError("\(error.description).")
        }
    }

    /// A coordinate, or nil for `none`: what `edit --at` takes.
    static func parseOrNone(_ text: String) throws -> Coordinate? {
        text.trimmingCharacters(in: .whitespaces).lowercased() == "none" ? nil : try parse(text)
    }
}
