/// A change of the person's own data made from what was read (its base), and what it
/// meets when another session changed the same part meanwhile.
extension OwnData {
    /// A part of the person's own data, as a change names it.
    public enum Part: String, CaseIterable, Equatable, Hashable, Sendable {
        /// When the person found the cache.
        case found
        /// The person's note.
        case note
        /// The corrected coordinates (a solved puzzle's final).
        case final
    }

    /// True when this data and `other` hold the same `part`.
    public func hasSame(_ part: Part, as other: OwnData) -> Bool {
        switch part {
        case .found: found == other.found
        case .note: note == other.note
        case .final: corrected == other.corrected
        }
    }

    /// The parts this data holds otherwise than `base`, in ``Part``'s order.
    public func parts(changedFrom base: OwnData) -> [Part] {
        Part.allCases.filter { !hasSame($0, as: base) }
    }

    /// The parts this data, made from `base`, would replace unseen in `current`: those
    /// it changes from `base` that `current` changed too, to something else. Empty when
    /// writing this data over `current` loses nothing another session wrote.
    public func parts(replacingChangesIn current: OwnData, from base: OwnData) -> [Part] {
        parts(changedFrom: base).filter { !current.hasSame($0, as: base) && !current.hasSame($0, as: self) }
    }

    /// What a write of this data made from `base` stores over `current`: with no base,
    /// this data whole; else the parts changed from `base` over `current`
    /// (``changes(from:appliedTo:)``).
    /// - Throws: ``OwnDataEditError/changedElsewhere(code:parts:now:)`` when a part it
    ///   changes was changed in `current` meanwhile, unless `overChanges`.
    func written(over current: OwnData, from base: OwnData?, forCode code: String,
                 overChanges: Bool) throws(OwnDataEditError) -> OwnData {
        guard let base else { return self }
        let replaced = parts(replacingChangesIn: current, from: base)
        if !replaced.isEmpty && !overChanges {
            throw .changedElsewhere(code: code, parts: replaced, now: current)
        }
        return changes(from: base, appliedTo: current)
    }
}
