extension CacheLog {
    /// The stored logs with a file's: none is ever dropped because a file holds fewer.
    ///
    /// A file's log is the stored one with the same id; else, when one of the two has
    /// no id, the stored one with the same date (the same instant, however spelled),
    /// type and finder. Each stored log is matched at most once, in order, so two notes
    /// of one finder on one day stay two. With `replacing` (a file not older than the
    /// stored listing) a matched log becomes the file's version, keeping the stored id
    /// and finder's id where the file gives none (a stored log without an id takes the
    /// file's); without it (an older file) a matched log stays as stored. The file's
    /// logs that match none are added.
    ///
    /// When nothing is added the stored order stays. When logs are added the result is
    /// newest first (``UTCTime/orderKey(_:)``: a date alone at its midnight, a log
    /// whose date is no date last); logs of the same date keep the file's
    /// order, then the stored one's.
    static func merged(_ stored: [CacheLog], with incoming: [CacheLog], replacing: Bool) -> [CacheLog] {
        guard !incoming.isEmpty, incoming != stored else { return stored }
        var result = stored
        var matched = [Bool](repeating: false, count: stored.count)
        var byID: [String: [Int]] = [:]
        var byEntry: [Entry: [Int]] = [:]
        for (index, log) in stored.enumerated() {
            if !log.id.isEmpty { byID[log.id, default: []].append(index) }
            byEntry[Entry(log), default: []].append(index)
        }
        func take(from candidates: [Int]?, where fits: (CacheLog) -> Bool) -> Int? {
            guard let index = candidates?.first(where: { !matched[$0] && fits(stored[$0]) }) else { return nil }
            matched[index] = true
            return index
        }
        // Per log of the file, in its order: the stored log it is, or nil for a new one.
        var order: [(index: Int?, log: CacheLog)] = []
        order.reserveCapacity(incoming.count)
        var added = 0
        for log in incoming {
            let index = (log.id.isEmpty ? nil : take(from: byID[log.id]) { _ in true })
                ?? take(from: byEntry[Entry(log)]) { $0.id.isEmpty || log.id.isEmpty }
            if let index, replacing {
                var newer = log
                if newer.id.isEmpty { newer.id = stored[index].id }
                if newer.finderID.isEmpty { newer.finderID = stored[index].finderID }
                result[index] = newer
            }
            if index == nil { added += 1 }
            order.append((index, log))
        }
        guard added > 0 else { return result }
        var combined = order.map { $0.index.map { result[$0] } ?? $0.log }
        combined += stored.indices.filter { !matched[$0] }.map { result[$0] }
        return newestFirst(combined)
    }

    /// `logs` newest first (``UTCTime/orderKey(_:)``: a date alone at its midnight, a log
    /// whose date is no date last); logs of the same date keep their order.
    static func newestFirst(_ logs: [CacheLog]) -> [CacheLog] { UTCTime.newestFirst(logs, by: \.date) }

    /// The date of the newest of `logs` (``UTCTime/orderKey(_:)``) in ``UTCTime``'s
    /// spelling; nil when none has a date.
    static func newestDate(of logs: [CacheLog]) -> String? {
        // The dates compared in place: a key made for each log was a twentieth of the
        // mapping of a pocket query with logs (callgrind).
        var newest: String?
        for log in logs {
            let date = UTCTime.canonical(log.date.trimmingWhitespace())
            guard UTCTime.isCanonicalTime(date) else { continue }
            if let found = newest, UTCTime.isCanonicalLater(date, than: found) != true { continue }
            newest = date
        }
        return newest
    }

    /// What finds a log without an id: its instant (however spelled), type and finder.
    private struct Entry: Hashable {
        let date: String
        let type: String
        let finder: String

        init(_ log: CacheLog) {
            date = UTCTime.canonical(log.date.trimmingWhitespace())
            type = log.type.trimmingWhitespace()
            finder = log.finder.trimmingWhitespace()
        }
    }
}
