/// One change of a ``CacheList``, as broadcast to its observers.
///
/// Each change is broadcast exactly once, after the list's properties already hold
/// the new state; a call that changes nothing broadcasts nothing.
public enum CacheListChange: Equatable, Sendable {
    /// A cache was added through this list and became the current one.
    case added(StoredCache, position: Int, count: Int)
    /// The current cache changed to another one of the list (``CacheList/showNext()``,
    /// ``CacheList/showPrevious()``, ``CacheList/showFirst()``, ``CacheList/showLast()``,
    /// ``CacheList/showRandom()`` outside a search); nil when the list is empty.
    /// `position` is the new stored-order position.
    case currentMoved(StoredCache?, position: Int?)
    /// The current cache changed to another match of the active search (the same
    /// moves, during a search). `matchPosition` is 1-based among `matchCount` matches.
    case matchMoved(StoredCache, matchPosition: Int, matchCount: Int)
    /// A cache was edited through this list (``CacheList/update(_:to:settling:)``); it keeps
    /// its identity and position, and when it is the current cache, ``CacheList/current``
    /// holds the new version.
    case updated(StoredCache)
    /// A cache was deleted through this list (``CacheList/delete(_:)``). When it was
    /// the current one, `newCurrent` is the cache shown now: the next one (the next
    /// match during a search), else the previous one, else nil; otherwise it is the
    /// current cache, unchanged. `position` is its stored-order
    /// position (nil when empty or during a search, see ``CacheList/searchPosition``);
    /// `count` the caches left in the store.
    case deleted(CacheID, newCurrent: StoredCache?, position: Int?, count: Int)
    /// A search began (``CacheList/beginSearch(_:)``): the current cache is its first
    /// match, or unchanged when nothing matches (`matchCount` 0).
    case searchBegan(query: String, matchCount: Int)
    /// The search ended (``CacheList/endSearch(keepCurrent:)``); `position` is the
    /// stored-order position of the current cache again.
    case searchEnded(StoredCache?, position: Int?)
    /// Everything was re-read from the store or replaced (``CacheList/reload()``,
    /// ``CacheList/saveCaches(_:)``): observers should redraw all they show.
    case reloaded(count: Int)
    /// The store being opened is open (``CacheList/finishOpening()``): the list now
    /// holds its count and first cache, and `draft` is the most recent draft kept by an
    /// earlier form that no live form holds, taken while opening (the list's session
    /// holds it now: ``CacheList/takeDraft()``), nil when there was none. Observers draw
    /// everything they show.
    case opened(count: Int, draft: TakenDraft?)
    /// Another process (or another store on the same file) changed the store; the
    /// count, the current cache and its position have been re-read (and, during a
    /// search, its matches). Also broadcast before an edit or delete throws
    /// ``CacheEditError/changedElsewhere(newer:)`` or
    /// ``CacheEditError/deletedElsewhere(_:)``: the list then shows the newer state.
    /// `deletedShown` is the cache that was current before, when
    /// ``CacheList/checkForExternalChanges()`` found that another process deleted it
    /// (the list has moved on), so a view can say so. `leftOutShown` is the cache shown,
    /// still shown, when the person's own data on it changed there (a find under a
    /// `not found` filter) so that the filter leaves it out now, as after a find logged
    /// through this list.
    case storeChangedExternally(count: Int, deletedShown: StoredCache? = nil, leftOutShown: StoredCache? = nil)
    /// Next and Previous follow another order now (``CacheList/browseNearestFirst(from:)``,
    /// ``CacheList/browseInStoredOrder()``); `current` is the cache shown (the nearest,
    /// on switching to nearest first).
    case orderChanged(BrowsingOrder, current: StoredCache?)
    /// Nearest first, where you stand moved (``CacheList/moveOrigin(to:)``) and the shown
    /// cache's rank, counted again from there, is `rank` now (nil: not known).
    case nearestRankChanged(Int?)
    /// The caches shown are those `filter` keeps now (``CacheList/setFilter(_:)``), `kept`
    /// of them; nil (and `kept` nil) when every cache is shown again. `current` is the
    /// cache shown: the one shown before when kept, else the next kept one, nil when none is.
    case filterChanged(CacheFilter?, kept: Int?, current: StoredCache?)
    /// A write of this list whose outcome was not known (it threw
    /// ``StoreError/outcomeUnknown(server:reason:)``) is settled: `stored` or not. When
    /// stored, the change the write would have broadcast (``added(_:position:count:)``,
    /// ``updated(_:)``, ``deleted(_:newCurrent:position:count:)``) came just before.
    case writeSettled(CacheList.PendingWrite, stored: Bool)
    /// The person's own data changed (``CacheList/own``): a visit was logged or a note,
    /// a found date or a corrected place was set, through this list (`code` names the
    /// cache) or by another session (nil). Views that show it draw it again.
    case ownDataChanged(code: String?)
    /// An operation that cannot throw (``CacheList/showNext()`` and the other moves) failed to reach
    /// the store; the list's state is unchanged.
    case failed(StoreError)
    /// A write made while the club store could not be reached was kept in this
    /// machine's ``Outbox`` by the list's ``WriteSession`` (``CacheList/add(_:)``,
    /// ``CacheList/update(_:to:settling:)``, ``CacheList/delete(_:)``); `waiting` changes wait there now.
    case queued(KeptChange, waiting: Int)
    /// The club store answers again after the list showed this machine's copy of it
    /// (``CacheList/clubAway``): the list now shows the club's caches, `count` of them,
    /// at the cache shown before when the club store holds it, the search and the order
    /// kept. Observers draw everything they show.
    case clubStoreBack(count: Int)
    /// The club store stopped answering while the list showed it, and the list shows
    /// this machine's copy of it in its place (``CacheList/clubAway``), `count` caches:
    /// the cache shown before when the copy holds it, the search and the order kept.
    /// Observers draw everything they show.
    case clubStoreAway(ClubAway, count: Int)
    /// While the list shows this machine's copy, the club store answered a try and
    /// refused this role or its schema (``CacheList/clubRefusal``): the copy stays shown,
    /// and writes are refused with that error rather than kept on this machine.
    case clubStoreRefused(StoreError)
    /// The list delivered its ``Outbox`` (``CacheList/deliverOutbox()``): what was
    /// stored, what met a conflict, and how many changes still wait. When something was
    /// stored, the list has re-read the store.
    case outboxDelivered(OutboxDelivery.Report, waiting: Int)
    /// One of field mode's files on this machine (the copy, the outbox) was found
    /// damaged and set aside; the list goes on without it (no copy: the next `sync`
    /// fetches one) or with a new one (an empty outbox).
    case fileSetAside(FieldFileSetAside)
    /// The integrity check of a store file opened before it was checked ran after the
    /// first frame (``CacheList/finishIntegrityCheckIfDone()``), or a read found the open
    /// file damaged (``CacheList/checkForExternalChanges()``): the file is sound, or
    /// damaged, and then only read from now on (``CacheList/storeDamage``).
    case integrityChecked(StoreIntegrity)
}
