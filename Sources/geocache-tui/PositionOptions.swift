import ArgumentParser
import Foundation
import GeoModel

/// Where you stand, as the command line gives it: `--gps [HOST:PORT]` reads positions
/// from gpsd (`localhost:2947` when no endpoint follows), `--home COORD` (else
/// `$GEOCACHE_HOME`) is a fixed position for when there is no fix.
///
/// A bad endpoint or coordinate is a usage error naming what is wrong (exit 64).
///
/// swift-argument-parser has no option whose value may be left out, so a bare `--gps`
/// (last, or followed by another option) is written out as `--gps=localhost:2947`
/// before the line is parsed (``withDefaultGPSEndpoint(_:)``).
struct PositionOptions: ParsableArguments {
    /// `arguments` with each bare `--gps` (the last argument, or followed by one that
    /// starts with `-`) given the default endpoint.
    static func withDefaultGPSEndpoint(_ arguments: [String]) -> [String] {
        arguments.indices.map { index in
            guard arguments[index] == "--gps" else { return arguments[index] }
            let next = arguments.index(after: index)
            let bare = next == arguments.endIndex || arguments[next].hasPrefix("-")
            return bare ? "--gps=\(GPSDEndpoint.default)" : arguments[index]
        }
    }

    @Option(
        name: .long,
        help: ArgumentHelp(CommandHelp.Position.gps, valueName: "host:port"))
    var gps: String?

    @Option(
        name: .long,
        parsing: .unconditional,
        help: ArgumentHelp(CommandHelp.Position.home, valueName: "coord"))
    var home: String?

    /// The environment variable that gives home when `--home` does not.
    static let homeVariable = "GEOCACHE_HOME"

    func validate() throws {
        do {
            _ = try endpoint()
            _ = try homePosition()
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The gpsd endpoint asked for, or nil without `--gps`.
    func endpoint() throws(PositionOptionError) -> GPSDEndpoint? {
        guard let gps else { return nil }
        do {
            return try GPSDEndpoint(parsing: gps)
        } catch {
            throw PositionOptionError("--gps \(error.description)")
        }
    }

    /// The home position from `--home`, else `$GEOCACHE_HOME` (`homeValue`), else nil.
    func homePosition(homeValue: String? = PositionOptions.processHomeValue())
        throws(PositionOptionError) -> Coordinate? {
        if let home { return try Self.coordinate(home, named: "--home") }
        return try Self.environmentHome(homeValue)
    }

    /// `$GEOCACHE_HOME` as a coordinate from its value, nil when it is unset or empty.
    static func environmentHome(_ value: String? = processHomeValue())
        throws(PositionOptionError) -> Coordinate? {
        guard let value, !value.allSatisfy(\.isWhitespace) else { return nil }
        return try coordinate(value, named: homeVariable)
    }

    /// `$GEOCACHE_HOME`'s value in the process's environment, asked of `getenv`:
    /// `ProcessInfo.environment` builds a `[String: String]` of every variable, a
    /// third of a million instructions on the way to the form's first paint.
    static func processHomeValue() -> String? {
        getenv(homeVariable).map { String(cString: $0) }
    }

    /// `text` read as a coordinate; an error names `name`, the text and what is wrong.
    private static func coordinate(_ text: String, named name: String) throws(PositionOptionError) -> Coordinate {
        do {
            return try Coordinate(parsing: text)
        } catch {
            throw PositionOptionError("\(name) “\(text)”: \(error)")
        }
    }

    /// The position source these options ask for: a gpsd client (it starts connecting
    /// at once, without waiting) and home.
    func source() throws(PositionOptionError) -> PositionSource {
        let home = try homePosition()
        return PositionSource(receiver: try endpoint().map { GPSDClient(endpoint: $0) }, home: home)
    }
}

/// What is wrong with `--gps`, `--home` or `$GEOCACHE_HOME`.
struct PositionOptionError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
