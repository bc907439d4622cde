import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// A copy of the club's caches that was damaged on this machine: set aside, beside
/// itself, and never read; a refresh makes a new one.
@Suite struct ClubCopyDamageTests {
    /// The damages a copy is tried with: every bookkeeping value the issue met, and
    /// files that are no longer what the refresh wrote.
    static let damages: [FileDamage] = [
        .sql("UPDATE club_copy SET refreshed_at = 'abc'"),
        .sql("UPDATE club_copy SET refreshed_at = -1e300"),
        .sql("UPDATE club_copy SET center_latitude = 99999999999, center_longitude = 0, radius = 1000"),
        .sql("UPDATE club_copy SET center_latitude = 47000000, center_longitude = 8000000, radius = 1e300"),
        .sql("UPDATE club_copy SET center_latitude = 47000000"),
        .sql("DROP TABLE club_copy"),
        .garbagePages,
        .notSQLite,
        .truncated(to: 0),
    ]

    /// A copy of four caches, made from a store file standing in for the club store.
    private static func copy(in home: FieldHome) throws -> ClubCopy {
        let copy = ClubCopy(files: home.files())
        try copy.refresh(from: try ClubCopyTests.source(in: home), area: nil)
        return copy
    }

    @Test(arguments: damages)
    func aDamagedCopyIsSetAsideBesideItselfAndThereIsNoneAfterwards(_ damage: FileDamage) throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let copy = try Self.copy(in: home)
        try damage.apply(to: copy.files.copyPath)
        let setAside = try #require(#expect(throws: FieldFileSetAside.self) { try copy.open() })
        #expect(setAside.kind == .copy)
        #expect(setAside.path == copy.files.copyPath)
        #expect(setAside.setAsidePath.hasPrefix(copy.files.copyPath + ".damaged-"))
        #expect(FileManager.default.fileExists(atPath: setAside.setAsidePath))
        #expect(!FileManager.default.fileExists(atPath: copy.files.copyPath))
        #expect(try copy.refreshedAt() == nil)
    }

    @Test(arguments: damages.prefix(6))
    func aBookkeepingValueNoRefreshWritesIsDamageSaidWithTheValue(_ damage: FileDamage) throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let copy = try Self.copy(in: home)
        try damage.apply(to: copy.files.copyPath)
        let setAside = try #require(#expect(throws: FieldFileSetAside.self) { try copy.refreshedAt() })
        #expect(["refresh time", "centre", "radius", "no record"].contains { setAside.reason.contains($0) },
                "the reason was: \(setAside.reason)")
    }

    @Test func aRefreshTimeOfBytesIsSaidAsBytesNotAsADebugDescription() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let copy = try Self.copy(in: home)
        try FileDamage.sql("UPDATE club_copy SET refreshed_at = X'00'").apply(to: copy.files.copyPath)
        let setAside = try #require(#expect(throws: FieldFileSetAside.self) { try copy.refreshedAt() })
        #expect(setAside.reason.contains("its refresh time, 1 byte of binary data, is not a time"), "\(setAside.reason)")
    }

    @Test func theSetAsideFileKeepsTheDamagedBytesUntouched() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let copy = try Self.copy(in: home)
        try FileDamage.garbagePages.apply(to: copy.files.copyPath)
        let damaged = try Data(contentsOf: URL(fileURLWithPath: copy.files.copyPath))
        let setAside = try #require(#expect(throws: FieldFileSetAside.self) { try copy.open() })
        #expect(try Data(contentsOf: URL(fileURLWithPath: setAside.setAsidePath)) == damaged)
    }

    @Test func aRefreshAfterTheCopyWasSetAsideMakesANewOne() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let copy = try Self.copy(in: home)
        try FileDamage.notSQLite.apply(to: copy.files.copyPath)
        #expect(throws: FieldFileSetAside.self) { try copy.area() }
        #expect(try copy.refresh(from: try SQLiteStore(path: home.directory.file("club.sqlite").path), area: nil) == 4)
        #expect(try copy.open().count() == 4)
        #expect(try copy.refreshedAt() != nil)
    }

    @Test func aSecondCopySetAsideTheSameSecondIsNumberedAndTheFirstIsKept() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let copy = try Self.copy(in: home)
        let now = Date()
        try FileDamage.notSQLite.apply(to: copy.files.copyPath)
        let first = try #require(try FieldFileSetAside.setAside(.copy, at: copy.files.copyPath, because: "one", now: now))
        try copy.refresh(from: try SQLiteStore(path: home.directory.file("club.sqlite").path), area: nil)
        let second = try #require(try FieldFileSetAside.setAside(.copy, at: copy.files.copyPath, because: "two", now: now))
        #expect(second.setAsidePath == first.setAsidePath + "-2")
        #expect(FileManager.default.fileExists(atPath: first.setAsidePath))
    }

    @Test func theAgeOfACopyFromBeforeAnyClockIsSaidWithoutTrapping() {
        #expect(ClubCopy.age(of: Date(timeIntervalSince1970: -1e300)) == "1000000000000 days ago")
    }
}
