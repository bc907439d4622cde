extension CacheLog {
    /// The logs of one cache that record after record of an import merges into, each
    /// merge giving exactly what ``CacheLog/merged(_:with:replacing:checking:)`` gives for the logs
    /// so far and the record's.
    ///
    /// A merge of logs none of which is among those kept (no id of theirs kept, nor the
    /// date, type and finder of one: ``CacheLog/Entry``), the common case of a cache named many
    /// times, each time with its newest logs, costs the record's logs alone: the logs are
    /// kept newest first as groups by date (``UTCTime/orderKey(_:)``), each group in
    /// reverse, so that the record's logs go in front of their date's by an append,
    /// and the ids and entries kept are counted. Any other merge (a log the kept ones
    /// may be) is ``CacheLog/merged(_:with:replacing:checking:)`` over the whole, as before. Merged
    /// each time over the whole, a cache named by 20,000 records of a log each took
    /// minutes: the keys of every kept log were worked out again for every record.
    struct Accumulated {
        /// The logs in their order; nil once a merge has put them newest first, in `byDate`.
        private var inOrder: [CacheLog]?
        /// The logs by ``UTCTime/orderKey(_:)`` (`""`: no date), each date's last first.
        private var byDate: [String: [CacheLog]] = [:]
        /// How many kept logs have each id, each ``CacheLog/Entry``, and each ``CacheLog/Entry`` without an id.
        private var ids: [String: Int] = [:]
        private var entries: [Entry: Int] = [:]
        private var entriesWithoutID: [Entry: Int] = [:]

        init(_ logs: [CacheLog]) {
            inOrder = logs
            for log in logs { count(log, entry: Entry(log)) }
        }

        /// The logs, in the order the merges so far left them.
        var logs: [CacheLog] {
            if let inOrder { return inOrder }
            var logs: [CacheLog] = []
            logs.reserveCapacity(byDate.values.reduce(0) { $0 + $1.count })
            for key in byDate.keys.sorted(by: >) { logs += byDate[key]!.reversed() }
            return logs
        }

        /// Merges a file's `incoming` logs into these, as
        /// ``CacheLog/merged(_:with:replacing:checking:)`` does, calling `check` as it does.
        mutating func merge<Failure: Error>(_ incoming: [CacheLog], replacing: Bool,
                                            checking check: () throws(Failure) -> Void) throws(Failure) {
            guard !incoming.isEmpty else { return }
            let entries = incoming.map(Entry.init)
            guard zip(incoming, entries).allSatisfy({ isNew($0, entry: $1) }) else {
                self = Accumulated(try merged(logs, with: incoming, replacing: replacing, checking: check))
                return
            }
            // Each of the file's logs is added: newest first, the file's before the kept
            // ones of their date, in its order.
            for position in incoming.indices where position % checkInterval == 0 { try check() }
            // Appended in place: a copy of the groups would cost all the logs again.
            if let kept = inOrder {
                inOrder = nil
                for log in newestFirst(incoming + kept).reversed() { add(log) }
            } else {
                for log in incoming.reversed() { add(log) }
            }
            for (log, entry) in zip(incoming, entries) { count(log, entry: entry) }
            try check()
        }

        /// Puts `log` in front of the kept logs of its date.
        private mutating func add(_ log: CacheLog) {
            byDate[UTCTime.orderKey(log.date) ?? "", default: []].append(log)
        }

        /// Whether no kept log can be `log` (whose ``CacheLog/Entry`` is `entry`).
        private func isNew(_ log: CacheLog, entry: Entry) -> Bool {
            log.id.isEmpty ? entries[entry] == nil : ids[log.id] == nil && entriesWithoutID[entry] == nil
        }

        private mutating func count(_ log: CacheLog, entry: Entry) {
            entries[entry, default: 0] += 1
            if log.id.isEmpty {
                entriesWithoutID[entry, default: 0] += 1
            } else {
                ids[log.id, default: 0] += 1
            }
        }
    }
}
