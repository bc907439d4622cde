/// The observers of a model, in registration order, each under the key its
/// ``ObservationToken`` removes it by.
///
/// An array searched by key rather than a `[Int: (Change) -> Void]`: a model has a
/// handful of observers, and the first dictionary keyed by `Int` on a thread's way makes
/// the runtime build its storage type from a mangled name, checking `Int: Hashable` by
/// a search of all the program's conformance records (over 6,000 with Foundation linked
/// in statically), which the form's controller met before its first frame.
struct ObserverList<Change> {
    private var entries: [(key: Int, observer: (Change) -> Void)] = []
    private var nextKey = 0

    /// Adds `observer` after the others and returns the key that removes it.
    mutating func add(_ observer: @escaping (Change) -> Void) -> Int {
        defer { nextKey += 1 }
        entries.append((key: nextKey, observer: observer))
        return nextKey
    }

    /// Removes the observer added under `key`, if it is still there.
    mutating func remove(_ key: Int) {
        entries.removeAll { $0.key == key }
    }

    /// The keys of the observers, in registration order: a notification goes through
    /// them and asks for each observer again (``observer(_:)``), since one may cancel
    /// another while being told.
    var keys: [Int] { entries.map(\.key) }

    /// The observer added under `key`, nil once it was removed.
    func observer(_ key: Int) -> ((Change) -> Void)? {
        entries.first { $0.key == key }?.observer
    }
}
