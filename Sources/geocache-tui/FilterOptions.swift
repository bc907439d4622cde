import ArgumentParser
import GeoModel

/// The finder's filters of `list` and `export`: which caches they print or write.
struct FilterOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.Filter.status, valueName: "status,…"),
            completion: .list(CacheStatus.allCases.map(\.rawValue)))
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
            for word in try Self.list(status, option: "--status", of: "statuses") {
                guard let found = CacheStatus(rawValue: word.lowercased()) else {
                    throw ValidationError(CommandText.unknownStatus(word))
                }
                statuses.insert(found)
            }
            filter.statuses = statuses
        }
        filter.types = try type.map { try Self.list($0, option: "--type", of: "cache types") }
        filter.containers = try container.map { try Self.list($0, option: "--container", of: "containers") }
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

    /// The comma-separated values of `option`, without blanks; a usage error when there
    /// are none (a filter of no value keeps no cache).
    private static func list(_ text: String, option: String, of what: String) throws -> [String] {
        let values = text.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !values.isEmpty else { throw ValidationError(CommandText.emptyFilterList(option, of: what)) }
        return values
    }
}
