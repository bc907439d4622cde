/// The club's rules as the form meets them: whether the shown cache is this role's to
/// change (asked before an edit, a delete or new coordinates begin, and for the help
/// bar), and what the club store has to say once about its rules.
extension CacheList {
    /// Why this role may not edit or delete `stored`, or nil when it may (always nil on
    /// a store of one person's): ``WriteSession/refusal(toChange:)``.
    public func changeRefusal(for stored: StoredCache) -> ChangeRefusal? {
        session?.refusal(toChange: stored)
    }

    /// Why this role may no longer make the kept `change`, whose cache changed hands on
    /// the club store meanwhile: ``WriteSession/changedHands(_:)``.
    public func changedHands(_ change: QueuedChange) -> ChangeRefusal? {
        session?.changedHands(change)
    }

    /// What to say once about the club's rules: ``WriteSession/takeClubNote()``.
    public func takeClubNote() -> ClubNote? {
        session?.takeClubNote()
    }
}
