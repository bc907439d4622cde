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
        merged(stored, with: incoming, replacing: replacing, checking: {})
    }

    /// ``merged(_:with:replacing:)``, calling `check` before every ``checkInterval`` logs
    /// of the file (the first included) and before and after the logs are put in order,
    /// so that a merge of many logs is given up (an import interrupted) by what `check`
    /// throws.
    ///
    /// Each stored log is looked up through queues (`Candidates`): the time is linear
    /// in the logs, plus the sort when logs are added, however many of them share an id
    /// or a date, type and finder.
    static func merged<Failure: Error>(_ stored: [CacheLog], with incoming: [CacheLog], replacing: Bool,
                                       checking check: () throws(Failure) -> Void) throws(Failure) -> [CacheLog] {
        guard !incoming.isEmpty, incoming != stored else { return stored }
        var result = stored
        var candidates = Candidates(stored)
        // Per log of the file, in its order: the stored log it is, or nil for a new one.
        var order: [(index: Int?, log: CacheLog)] = []
        order.reserveCapacity(incoming.count)
        var added = 0
        for (position, log) in incoming.enumerated() {
            if position % checkInterval == 0 { try check() }
            let index = (log.id.isEmpty ? nil : candidates.take(id: log.id))
                ?? candidates.take(Entry(log), withoutIDOnly: !log.id.isEmpty)
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
        try check()
        var combined = order.map { $0.index.map { result[$0] } ?? $0.log }
        combined += stored.indices.filter { !candidates.isTaken($0) }.map { result[$0] }
        let sorted = newestFirst(combined)
        try check()
        return sorted
    }

    /// How many of a file's logs ``merged(_:with:replacing:checking:)`` merges between two
    /// calls of its `check`.
    static let checkInterval = 1024

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

    /// The stored logs a file's log may be, each taken at most once, first come first
    /// taken: queues of their indices by id, by ``Entry``, and by ``Entry`` among those
    /// without an id. A queue's front only moves past logs already taken (by this queue
    /// or another), so each lookup costs constant time on the whole, however many stored
    /// logs share an id or a date, type and finder (a scan from the start was quadratic).
    private struct Candidates {
        private var taken: [Bool]
        private var queues: [[Int]] = []
        private var fronts: [Int] = []
        private var byID: [String: Int] = [:]
        private var byEntry: [Entry: Int] = [:]
        private var withoutIDByEntry: [Entry: Int] = [:]

        init(_ stored: [CacheLog]) {
            taken = [Bool](repeating: false, count: stored.count)
            for (index, log) in stored.enumerated() {
                let entry = Entry(log)
                if log.id.isEmpty {
                    Self.enqueue(index, under: entry, in: &withoutIDByEntry, queues: &queues)
                } else {
                    Self.enqueue(index, under: log.id, in: &byID, queues: &queues)
                }
                Self.enqueue(index, under: entry, in: &byEntry, queues: &queues)
            }
            fronts = [Int](repeating: 0, count: queues.count)
        }

        /// Whether the stored log at `index` was taken.
        func isTaken(_ index: Int) -> Bool { taken[index] }

        /// Takes the first stored log not yet taken with the id `id`.
        mutating func take(id: String) -> Int? { take(from: byID[id]) }

        /// Takes the first stored log not yet taken with `entry`'s date, type and finder;
        /// with `withoutIDOnly`, only one without an id.
        mutating func take(_ entry: Entry, withoutIDOnly: Bool) -> Int? {
            take(from: withoutIDOnly ? withoutIDByEntry[entry] : byEntry[entry])
        }

        private mutating func take(from queue: Int?) -> Int? {
            guard let queue else { return nil }
            var front = fronts[queue]
            let count = queues[queue].count
            while front < count, taken[queues[queue][front]] { front += 1 }
            fronts[queue] = front
            guard front < count else { return nil }
            let index = queues[queue][front]
            taken[index] = true
            fronts[queue] = front + 1
            return index
        }

        private static func enqueue<Key: Hashable>(_ index: Int, under key: Key, in keys: inout [Key: Int],
                                                   queues: inout [[Int]]) {
            if let queue = keys[key] {
                queues[queue].append(index)
            } else {
                keys[key] = queues.count
                queues.append([index])
            }
        }
    }

    /// What finds a log without an id: its instant (however spelled), type and finder.
    struct Entry: Hashable {
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
