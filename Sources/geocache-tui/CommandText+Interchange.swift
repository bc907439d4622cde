import GeoModel

/// What imports and exports say beside their summaries: an interruption, what a format
/// could not carry.
extension CommandText {
    /// An import stopped by the signal `name` before its commit.
    static func importRolledBack(by name: String) -> String {
        "interrupted by \(name): the import was rolled back; nothing was stored"
    }

    /// A round trip of an import given up for the signal `name`: the server may or may
    /// not have the caches.
    static func importInterrupted(by name: String, _ error: any Error) -> String {
        "interrupted by \(name): \(error)"
    }

    /// An export ended by the signal `name`: the file `output` is as it was; standard
    /// output (nil) keeps what was written to it before.
    static func exportAbandoned(by name: String, output: String?) -> String {
        "interrupted by \(name): the export was abandoned; "
            + (output.map { "\($0) is as it was" } ?? "\(standardOutput) holds only the part written before")
    }

    /// The caches a GPX or LOC export left out for want of a position.
    static func withoutCoordinates(_ count: Int, format: ExportFormat) -> String {
        "\(caches(count)) without coordinates not written (\(format.displayName) needs a position)"
    }

    /// The additional waypoints (a final not yet solved, say) a GPX or LOC export left
    /// out for want of a place; their caches were written.
    static func waypointsWithoutPlace(_ count: Int, format: ExportFormat) -> String {
        "\(count == 1 ? "1 additional waypoint" : "\(count) additional waypoints") without a place not written "
            + "(\(format.displayName) needs a position; JSON keeps them)"
    }
}
