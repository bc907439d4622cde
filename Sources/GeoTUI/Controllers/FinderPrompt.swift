import GeoModel

/// What the finder's prompt in the status row records, and on which cache: the version
/// shown when it opened (a visit names its code; a note or a corrected place is the
/// person's own data on it, never the listing), and what that data was.
struct FinderPrompt {
    /// What Enter records.
    enum Kind: Equatable {
        /// A visit of this type, the field holding its text.
        case visit(VisitType)
        /// The person's note, the field holding it.
        case note
        /// The person's corrected coordinates, the field holding them (`none` removes them).
        case correctedPlace

        /// Whether it records a visit (whose type Tab changes).
        var isVisit: Bool {
            if case .visit = self { true } else { false }
        }
    }

    /// What did not happen when it failed, for the pane's title.
    var failed: PaneError.Failed { kind.isVisit ? .visit : .ownData }

    /// The cache it records on.
    let target: StoredCache
    /// What it records.
    var kind: Kind
    /// The person's own data on the cache when the prompt opened (or, after a write
    /// refused as another session's change met, as it was then): a note or a final is
    /// written as a change from it, never over another session's newer one unseen.
    var startedFrom = OwnData()

    /// The prompt after its write met `now`, another session's change of what it
    /// writes: Enter then writes over it.
    func startingFrom(_ now: OwnData) -> FinderPrompt {
        var prompt = self
        prompt.startedFrom = now
        return prompt
    }

    /// The prompt with the next (or, `forward` false, the previous) visit type; the
    /// same prompt for a note or a place.
    func cyclingType(forward: Bool) -> FinderPrompt {
        guard case .visit(let type) = kind, let index = VisitType.allCases.firstIndex(of: type) else { return self }
        let all = VisitType.allCases
        let next = forward ? all.index(after: index) : (index == all.startIndex ? all.endIndex : index)
        var prompt = self
        prompt.kind = .visit(forward ? all[next == all.endIndex ? all.startIndex : next] : all[all.index(before: next)])
        return prompt
    }
}
