extension CacheLog {
    /// `logs`, the logs of one record, with one log per id; nil when no id is given
    /// twice (empty is no id: logs without one are never merged here).
    ///
    /// A log id names one log, so a record giving two logs one id (an error in its
    /// file) gives one log twice: they are merged by the rule an import merges a log of
    /// a stored id with (``merged(_:with:replacing:)``, from a file not older): the later
    /// takes the earlier's place, keeping the earlier's finder id where it gives none.
    /// Logs of one id from a later record or import then merge into that one log, so
    /// importing the file again keeps each log once.
    static func onePerID(_ logs: [CacheLog]) -> [CacheLog]? {
        guard logs.count > 1 else { return nil }
        var seen = Set<String>(minimumCapacity: logs.count)
        guard logs.contains(where: { !$0.id.isEmpty && !seen.insert($0.id).inserted }) else { return nil }
        var kept: [CacheLog] = []
        kept.reserveCapacity(logs.count)
        var place: [String: Int] = [:]
        for log in logs {
            guard !log.id.isEmpty else {
                kept.append(log)
                continue
            }
            guard let earlier = place[log.id] else {
                place[log.id] = kept.count
                kept.append(log)
                continue
            }
            var later = log
            if later.finderID.isEmpty { later.finderID = kept[earlier].finderID }
            kept[earlier] = later
        }
        return kept
    }
}
