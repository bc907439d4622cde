import ArgumentParser
import GeoModel

/// The finder's filters of `list` and `export`: which caches they print or write.
struct FilterOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.Filter.status, valueName: "status,…"))
    var status: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.Filter.type, valueName: "type,…"))
    var type: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.Filter.container, valueName: "container,…"))
    var container: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.Filter.difficulty, valueName: "low-high"))
    var difficulty: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.Filter.terrain, valueName: "low-high"))
    var terrain: String?

    @Flag(help: ArgumentHelp(CommandHelp.Filter.found))
    var found = false

    @Flag(help: ArgumentHelp(CommandHelp.Filter.notFound))
    var notFound = false

    /// The filter the options give, without a radius (the command adds `--within`).
    func filter() throws -> CacheFilter {
        var filter = CacheFilter()
        if found, notFound { throw ValidationError(CommandText.foundAndNotFound) }
        if found || notFound { filter.found = found }
        if let status {
            var statuses = Set<CacheStatus>()
            for word in Self.list(status) {
                guard let found = CacheStatus(rawValue: word.lowercased()) else {
                    throw ValidationError(CommandText.unknownStatus(word))
                }
                statuses.insert(found)
            }
            filter.statuses = statuses
        }
        filter.types = type.map(Self.list)
        filter.containers = container.map(Self.list)
        do {
            filter.difficulty = try difficulty.map { try RatingRange(parsing: $0) }
            filter.terrain = try terrain.map { try RatingRange(parsing: $0) }
        } catch {
            throw ValidationError(CommandText.badFilter("\(error)"))
        }
        return filter
    }

    /// `--within` of `list` and `export`: the distance in metres, or a usage error naming it.
    static func radius(_ text: String) throws -> Double {
        do { return try CacheFilter.metres(parsing: text) } catch { throw ValidationError(CommandText.badFilter("\(error)")) }
    }

    /// `--gps HOST:PORT` of `list`, `export` and `sync`, or a usage error naming what is wrong.
    static func gpsEndpoint(_ text: String) throws -> GPSDEndpoint {
        do { return try GPSDEndpoint(parsing: text) } catch { throw ValidationError("--gps: \(error)") }
    }

    /// The comma-separated values of an option, without blanks.
    private static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
