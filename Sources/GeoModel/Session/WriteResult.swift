/// What one write of a ``WriteSession`` came to: the one answer every writer (the
/// form's list, every command) reads, so that "sent, kept here, or not done" is
/// decided in one place and said the same way everywhere.
///
/// A write that never reached the store because of what it holds (an empty field,
/// ``GeoCacheValidationError``), or that met another session's change of the same cache
/// (``CacheEditError``), throws instead: those are the caller's to show, not outcomes.
public enum WriteResult<Value> {
    /// Stored: the store committed it; `Value` is what the store answered.
    case stored(Value)
    /// Kept on this machine, because the club store cannot be reached: the change waits
    /// in the ``Outbox`` (`waiting` changes in all, this one included) and is delivered
    /// in order, exactly once, when the server answers.
    case kept(KeptChange, waiting: Int)
    /// Not written: another writer held the store's write lock for the whole wait
    /// (``CacheStore/lockWait``); `holder` names it when the store can tell.
    case lockHeld(holder: String?)
    /// Sent, but whether it was stored is not known: the reply was lost and the server
    /// could not be asked in time. The session keeps its identifier, so the same write
    /// sent again is never stored twice, and settles it when the server answers.
    case outcomeUnknown(StoreError)
    /// The server answered and refused it (``StoreError/meansTheServerRefusedTheWrite``):
    /// a missing right (``StoreError/notPermitted(server:reason:)``) or a rule of the
    /// store; nothing was stored, and sending it again is refused the same way.
    case refused(StoreError)

    /// The stored value, nil for every other outcome.
    public var storedValue: Value? {
        if case .stored(let value) = self { return value }
        return nil
    }

    /// The same outcome with the stored value changed by `transform`.
    public func map<Other>(_ transform: (Value) throws -> Other) rethrows -> WriteResult<Other> {
        switch self {
        case .stored(let value): .stored(try transform(value))
        case .kept(let change, let waiting): .kept(change, waiting: waiting)
        case .lockHeld(let holder): .lockHeld(holder: holder)
        case .outcomeUnknown(let error): .outcomeUnknown(error)
        case .refused(let error): .refused(error)
        }
    }
}

extension WriteResult: Equatable where Value: Equatable {}
extension WriteResult: Sendable where Value: Sendable {}

/// A write kept on this machine while the club store cannot be reached: a change to a
/// cache, or a finder's (visits, own data).
public enum KeptChange: Equatable, Sendable {
    case cache(QueuedChange)
    case finder(FinderChange)

    /// The change to a cache, nil for a finder's.
    public var cacheChange: QueuedChange? {
        if case .cache(let change) = self { return change }
        return nil
    }
}
