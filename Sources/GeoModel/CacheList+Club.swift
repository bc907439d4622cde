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

    /// `error`, or the refusal behind it when the club store refuses the role even the
    /// count every member reads (one taken out of the club's members): what failed, a
    /// read or a write, is then said as the role's refusal, not as a change refused.
    public func roleRefusal(behind error: any Error) -> any Error {
        (error as? StoreError)?.roleRefusal(on: store) ?? error
    }

    /// What to say once about the club's rules: ``WriteSession/takeClubNote()``.
    public func takeClubNote() -> ClubNote? {
        session?.takeClubNote()
    }
}
