/// Counts the stored caches an import names by what the whole import did to each:
/// updated when the import leaves it different from what it was before, unchanged when
/// not, however many records named it and in whatever order.
///
/// A cache is counted once, by its code: two files that hold different versions of it
/// and are imported again in the same order change it back and forth along the way,
/// but leave it as it was, and it is counted unchanged. What is compared is what the
/// cache says (``GeoCache`` equality: its listing's age, ``Listing/asOf``, is no change).
/// A cache the import added is counted here too when later records name it, by what
/// they did to it as it was added.
struct StoredCacheTally {
    /// Per code named: the hash of the cache before the import and of its version now.
    private var forms: [String: (before: Int, after: Int)] = [:]
    /// The caches the import left different, and those it left as they were.
    private(set) var updated = 0
    private(set) var unchanged = 0

    /// Counts that a record named the stored cache `code`, which was `current` and is
    /// now `result`.
    mutating func count(_ code: String, was current: GeoCache, now result: GeoCache) {
        let after = result.hashValue
        guard let known = forms[code] else {
            forms[code] = (current.hashValue, after)
            if current != result { updated += 1 } else { unchanged += 1 }
            return
        }
        forms[code] = (known.before, after)
        let wasChanged = known.before != known.after, isChanged = known.before != after
        guard wasChanged != isChanged else { return }
        updated += isChanged ? 1 : -1
        unchanged += isChanged ? -1 : 1
    }

    /// Adds the counts to `report`.
    func add(to report: inout ImportReport) {
        report.updated += updated
        report.unchanged += unchanged
    }
}

extension ImportReport {
    /// Counts how a record that named a stored cache stood against it.
    mutating func count(_ precedence: GeoCache.Precedence) {
        switch precedence {
        case .older: olderThanStored += 1
        case .fillsIn: undatedOverDated += 1
        case .replaces: break
        }
    }
}
