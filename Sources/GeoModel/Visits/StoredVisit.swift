/// A visit as a store keeps it: its identity (visits are numbered in the order they
/// were recorded) and whether an export to a file has carried it already.
public struct StoredVisit: Equatable, Hashable, Sendable {
    /// Its number in the store: later visits have greater ones.
    public let id: Int64
    /// What the finder recorded.
    public let visit: Visit
    /// True once a field-notes export of it to a file has completed.
    public let exported: Bool

    public init(id: Int64, visit: Visit, exported: Bool) {
        self.id = id
        self.visit = visit
        self.exported = exported
    }
}

/// What recording visits did: how many were new, how many the store held already (the
/// same code, time, type and text: a field-notes file imported twice adds nothing),
/// which of the new ones are for a code no cache has (kept all the same), how many
/// caches they marked found, and how many caches found before they found earlier.
public struct VisitsRecorded: Equatable, Sendable {
    public var added: Int
    public var alreadyKept: Int
    /// The codes of new visits that no stored cache has, each once, in order.
    public var unknownCodes: [String]
    /// Caches that a new visit marked found (they were not found before).
    public var newlyFound: Int
    /// Caches found before these visits whose found date a new visit moved earlier, to
    /// its own time (``OwnData/afterVisit(_:)``). The visit is added beside the one that
    /// found the cache later, which stays as it was: a visit is its code, type, text and
    /// minute, so one at an earlier time is another visit.
    public var foundEarlier: Int

    public init(added: Int = 0, alreadyKept: Int = 0, unknownCodes: [String] = [], newlyFound: Int = 0,
                foundEarlier: Int = 0) {
        self.added = added
        self.alreadyKept = alreadyKept
        self.unknownCodes = unknownCodes
        self.newlyFound = newlyFound
        self.foundEarlier = foundEarlier
    }

    /// Counts the change of the found date a new visit made on the cache `code`, which
    /// was `before` and is no longer (``OwnData/afterVisit(_:)``): marked found, or
    /// found earlier. `changed` holds the codes whose found date this write changed so
    /// far: a cache this write marked found, or found earlier already, is not counted again.
    mutating func countFoundChange(from before: OwnData, code: String, changed: inout Set<String>) {
        let first = changed.insert(code).inserted
        if !before.isFound {
            newlyFound += 1
        } else if first {
            foundEarlier += 1
        }
    }

    /// The counts as a ledger row keeps them (`added,alreadyKept,newlyFound,codes…`, the
    /// third `newlyFound/foundEarlier` when some caches were found earlier), for a write
    /// whose reply was lost to be reported as it would have been.
    var ledgerDetail: String {
        let found = foundEarlier > 0 ? "\(newlyFound)/\(foundEarlier)" : String(newlyFound)
        return ([String(added), String(alreadyKept), found] + unknownCodes).joined(separator: ",")
    }

    /// The counts a ledger row keeps (``ledgerDetail``); empty counts for another text.
    init(ledgerDetail: String?) {
        let parts = (ledgerDetail ?? "").split(separator: ",").map(String.init)
        let found = parts.count > 2 ? parts[2].split(separator: "/", omittingEmptySubsequences: false) : []
        let numbers = (parts.prefix(2) + found.prefix(2).map(String.init)).compactMap { Int($0) }
        guard numbers.count == 2 + found.count, (1...2).contains(found.count) else { self.init(); return }
        self.init(added: numbers[0], alreadyKept: numbers[1], unknownCodes: Array(parts.dropFirst(3)),
                  newlyFound: numbers[2], foundEarlier: numbers.count > 3 ? numbers[3] : 0)
    }
}

extension Visit {
    /// The visit's identity in a store: the SHA-256 of its code, time, type and text,
    /// so that the same visit recorded twice (a file imported again, a write sent again)
    /// is kept once, however long its text.
    public var identity: [UInt8] {
        SHA256.digest(of: Array([code, time, type.rawValue, text].joined(separator: "\n").utf8))
    }

    /// The minute of the visit (`2026-11-28T10:32` for a normalized `…10:32:40Z`): a
    /// store takes a visit as kept already when one with its code, type and text is
    /// kept within that minute, whichever came first. Field notes count minutes, so a
    /// visit logged here at 10:32:40 comes back from its own export at 10:32, and one
    /// logged twice within a minute (Enter pressed again) is one visit, not two lines
    /// of a field-notes upload.
    public var minute: String { String(time.prefix(16)) }

    /// The same visit with its code as stores compare codes, its time in ``UTCTime``'s
    /// spelling and its text without the whitespace around it (a paste's last line
    /// break, a space typed after the text) and with each line break a LF (the text of a
    /// CRLF file and the same text typed here are one visit): what a store records.
    public var normalized: Visit {
        Visit(code: CacheCode.normalized(code) ?? code.trimmingWhitespace().uppercased(),
              time: UTCTime.canonical(time), type: type, text: text.trimmingWhitespace().unifyingLineBreaks())
    }
}
