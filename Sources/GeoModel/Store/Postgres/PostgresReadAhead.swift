/// The caches a form's store read ahead around the current one: every cache whose
/// identity lies in a known range, in stored order, with the count read beside them, so
/// that Next, Previous, First and Last (and the count they show) are answered without
/// a round trip while the range holds the answer. Pure bookkeeping: the store
/// (`PostgresStore+ReadAhead.swift`) reads the windows and forgets them on any change.
///
/// A range's ends are identities (`nil` for the start or the end of the store); every
/// cache stored with an identity inside it is in ``caches``.
struct PostgresReadAhead {
    /// How many caches one read of a window brings.
    static let windowSize = 32
    /// How many caches may be kept at most; a window read beyond drops the far side.
    static let keptAtMost = 3 * windowSize
    /// When fewer caches than this remain ahead in the known range, the next window is read.
    static let threshold = 12

    /// The known caches, in stored order.
    private(set) var caches: [StoredCache] = []
    /// The identities whose caches are all known: `low` … `high`, each nil for the
    /// start or the end of the store; nil when nothing is known.
    private(set) var range: (low: Int64?, high: Int64?)?
    /// The count of caches, read with the last window.
    private(set) var count: Int?
    /// The count read in the exchange that answered the last question asked of the
    /// store, for the count asked right after it (a wrap to the last cache asks for
    /// both); taken once, and dropped by any other question.
    var countJustRead: Int?
    /// A window's read sent and not yet taken, with the generation it was sent in.
    var inFlight: (direction: Direction, generation: Int)?
    /// Raised by ``forget()``: a window read before belongs to an older state.
    private(set) var generation = 0

    /// Which side of the known range a window's read extends.
    enum Direction: Sendable {
        case forward
        case backward
    }

    /// Forgets everything known: a change may have made it wrong. A read in flight is
    /// still taken from the connection, and then dropped.
    mutating func forget() {
        caches = []
        range = nil
        count = nil
        countJustRead = nil
        generation += 1
    }

    /// Starts again from `rows` read after `id` (nil: from the start) in stored order,
    /// at most ``windowSize`` of them, and the count read with them.
    mutating func start(forwardFrom id: Int64?, rows: [StoredCache], count: Int) {
        caches = rows
        range = (id.map { $0 + 1 }, rows.count < Self.windowSize ? nil : rows.last?.id.rawValue)
        self.count = count
    }

    /// Starts again from `rows` read before `id` (nil: from the end), given in stored order.
    mutating func start(backwardFrom id: Int64?, rows: [StoredCache], count: Int) {
        caches = rows
        range = (rows.count < Self.windowSize ? nil : rows.first?.id.rawValue, id.map { $0 - 1 })
        self.count = count
    }

    /// Adds a window read in `direction` from the known range's end, dropping caches
    /// on the far side beyond ``keptAtMost``.
    mutating func extend(_ direction: Direction, rows: [StoredCache], count: Int) {
        guard let known = range else { return }
        self.count = count
        switch direction {
        case .forward:
            caches += rows
            range = (known.low, rows.count < Self.windowSize ? nil : rows.last?.id.rawValue)
            if caches.count > Self.keptAtMost {
                let dropped = caches.count - Self.keptAtMost
                range?.low = caches[dropped - 1].id.rawValue + 1
                caches.removeFirst(dropped)
            }
        case .backward:
            caches = rows + caches
            range = (rows.count < Self.windowSize ? nil : rows.first?.id.rawValue, known.high)
            if caches.count > Self.keptAtMost {
                let kept = Self.keptAtMost
                range?.high = caches[kept].id.rawValue - 1
                caches.removeLast(caches.count - kept)
            }
        }
    }

    /// The end of the known range a window read in `direction` continues from: the
    /// identity to read after (forward) or before (backward); nil when the range
    /// reaches that end of the store or nothing is known.
    func edge(_ direction: Direction) -> Int64? {
        guard let known = range else { return nil }
        switch direction {
        case .forward: return known.high
        case .backward: return known.low
        }
    }

    // MARK: - Answers

    /// The answer to "the cache after `id`" when the known range holds it: `.some(nil)`
    /// when there is none; nil when unknown.
    func cache(after id: Int64) -> StoredCache?? {
        guard let known = range else { return nil }
        if let low = known.low, id < low - 1 { return nil }
        if let found = caches.first(where: { $0.id.rawValue > id }) { return .some(found) }
        return known.high == nil ? .some(nil) : nil
    }

    /// The answer to "the cache before `id`", as ``cache(after:)``.
    func cache(before id: Int64) -> StoredCache?? {
        guard let known = range else { return nil }
        if let high = known.high, id > high + 1 { return nil }
        if let found = caches.last(where: { $0.id.rawValue < id }) { return .some(found) }
        return known.low == nil ? .some(nil) : nil
    }

    /// How many known caches lie after `id` (before it, backward).
    func remaining(_ direction: Direction, from id: Int64) -> Int {
        switch direction {
        case .forward: caches.count { $0.id.rawValue > id }
        case .backward: caches.count { $0.id.rawValue < id }
        }
    }
}
