/// The list's position in words: where the current cache sits in stored order, among
/// the matches, nearest first, and among the caches a filter keeps.
extension CacheList {
    /// Where the current cache sits: "3 of 12", "0 of 0" when the list is empty;
    /// during a search "Match 2 of 7", or "No matches"; with a filter, how many it keeps
    /// follows ("3 of 340 · 12 of 340 shown": the position stays that of stored order).
    public var positionText: String { [placeText, keptText].compactMap { $0 }.joined(separator: " · ") }

    /// ``positionText`` without the filter's count (nearest first, the rank among the kept).
    private var placeText: String {
        if search == nil, case .nearest = order {
            return nearestRank.map { "\($0) of \(keptCount ?? count)" } ?? "\(count)"
        }
        guard let search else { return "\(position ?? 0) of \(count)" }
        guard let index = search.index else { return "No matches" }
        return "Match \(index + 1) of \(search.matches.count)"
    }

    /// The position as a person reads it: "Cache 3 of 12", "No caches yet"; during a
    /// search "Match 2 of 7", or "No matches"; nearest first "Nearest 3 of 12", or
    /// "Nearest first, 12 caches" when the rank is not known; a filter's count follows
    /// ("Cache 3 of 340 · 12 of 340 shown", "Nearest first · 12 of 340 shown"), alone
    /// when it keeps none and no cache is shown ("0 of 340 shown"); a cache shown though
    /// the filter leaves it out (just added or edited) has its position all the same.
    public var positionSummary: String {
        if isSearching { return positionText }
        if isEmpty { return "No caches yet" }
        if keptCount == 0, current == nil, let keptText { return keptText }
        if case .nearest = order {
            // With a filter, its count says how many of all are kept: the rank's count is the kept ones.
            let unranked = keptText == nil ? "Nearest first, \(count) caches" : "Nearest first"
            let place = nearestRank.map { "Nearest \($0) of \(keptCount ?? count)" } ?? unranked
            return [place, keptText].compactMap { $0 }.joined(separator: " · ")
        }
        return "Cache \(positionText)"
    }
}
