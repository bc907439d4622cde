import Foundation

/// A read-only copy of a club store's caches on this machine (``FieldFiles/copyPath``),
/// refreshed by `geocache-tui sync` and by an open form while the server answers, and
/// shown by the form and `list` when the server cannot be reached.
public final class ClubCopy {
    /// Which caches a copy holds: all, or those within ``radius`` metres of ``center``.
    public struct Area: Equatable, Sendable {
        public let center: Coordinate
        public let radius: Double

        public init(center: Coordinate, radius: Double) {
            self.center = center
            self.radius = radius
        }
    }

    /// The files it lives in.
    public let files: FieldFiles

    public init(files: FieldFiles) {
        self.files = files
    }

    /// When the copy was last refreshed, or nil when there is none.
    public func refreshedAt() throws -> Date? {
        fatalError("ClubCopy.refreshedAt: not written yet")
    }

    /// The area the copy holds (nil: every cache).
    public func area() throws -> Area? {
        fatalError("ClubCopy.area: not written yet")
    }

    /// Replaces the copy with the caches of `store` (all of them, or those in `area`),
    /// read in one snapshot, written to a new file renamed into place; returns how many.
    @discardableResult
    public func refresh(from store: any CacheStore, area: Area?) throws -> Int {
        fatalError("ClubCopy.refresh: not written yet")
    }

    /// The copy as a store that can only be read: its ``CacheStore/readOnlyReason``
    /// says how old it is ("club store away; showing the copy of 2 h ago").
    public func open(now: Date = Date()) throws -> any CacheStore {
        fatalError("ClubCopy.open: not written yet")
    }

    /// "2 h ago", "5 min ago", "just now", "3 days ago": the age of a copy refreshed at
    /// `date`, seen at `now`.
    public static func age(of date: Date, now: Date = Date()) -> String {
        fatalError("ClubCopy.age: not written yet")
    }
}
