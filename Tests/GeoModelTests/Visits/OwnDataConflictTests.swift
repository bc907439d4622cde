import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// A change of the person's own data made from what was read (its base), as both stores
/// write it: only the parts it changes, over what is stored then; a part another session
/// changed meanwhile is refused, naming what it is now, unless the write says to go over it.
@Suite struct OwnDataConflictTests {
    private static let final = Coordinate(latitudeMicrodegrees: 47_376_900, longitudeMicrodegrees: 8_541_700)!
    private static let otherFinal = Coordinate(latitudeMicrodegrees: 47_377_900, longitudeMicrodegrees: 8_541_700)!

    /// A store of `kind` holding `note` on GC3CDEF, and a second session on it.
    private func storeWithNote(_ kind: StoreKind, _ note: String) throws -> (StoreFixture, any CacheStore) {
        let fixture = try StoreFixture(kind)
        try fixture.store.setOwnData(OwnData(note: note), forCode: "GC3CDEF", as: WriteID())
        return (fixture, try fixture.open())
    }

    @Test(arguments: StoreKind.allCases)
    func aNoteWrittenFromAReadAnotherSessionChangedSinceIsRefusedNamingTheNoteNow(_ kind: StoreKind) throws {
        let (fixture, other) = try storeWithNote(kind, "original note")
        let read = OwnData(note: "original note")
        try other.setOwnData(OwnData(note: "CLI rewrote the note"), forCode: "GC3CDEF", as: WriteID())
        #expect(throws: OwnDataEditError.changedElsewhere(code: "GC3CDEF", parts: [.note],
                                                          now: OwnData(note: "CLI rewrote the note"))) {
            try fixture.store.setOwnData(OwnData(note: "original note + form addition"), forCode: "GC3CDEF",
                                         from: read, overChanges: false, as: WriteID())
        }
        #expect(try fixture.store.ownData().byCode["GC3CDEF"]?.note == "CLI rewrote the note")
    }

    @Test(arguments: StoreKind.allCases)
    func aFinalWrittenFromAReadAnotherSessionChangedSinceIsRefused(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let other = try fixture.open()
        try other.setOwnData(OwnData(corrected: Self.otherFinal), forCode: "GC3CDEF", as: WriteID())
        #expect(throws: OwnDataEditError.changedElsewhere(code: "GC3CDEF", parts: [.final],
                                                          now: OwnData(corrected: Self.otherFinal))) {
            try fixture.store.setOwnData(OwnData(corrected: Self.final), forCode: "GC3CDEF", from: OwnData(),
                                         overChanges: false, as: WriteID())
        }
        #expect(try fixture.store.ownData().byCode["GC3CDEF"]?.corrected == Self.otherFinal)
    }

    @Test(arguments: StoreKind.allCases)
    func aChangeFromAReadWritesOnlyItsPartsLeavingAnotherSessionsChangeOfTheOthers(_ kind: StoreKind) throws {
        let (fixture, other) = try storeWithNote(kind, "original note")
        let read = OwnData(note: "original note")
        try other.setOwnData(OwnData(note: "original note", corrected: Self.otherFinal), forCode: "GC3CDEF", as: WriteID())
        let stored = try fixture.store.setOwnData(OwnData(note: "mine"), forCode: "GC3CDEF", from: read,
                                                  overChanges: false, as: WriteID())
        #expect(stored == OwnData(note: "mine", corrected: Self.otherFinal))
        #expect(try fixture.store.ownData().byCode["GC3CDEF"] == stored)
    }

    @Test(arguments: StoreKind.allCases)
    func theSameNoteWrittenByBothSessionsIsNoConflict(_ kind: StoreKind) throws {
        let (fixture, other) = try storeWithNote(kind, "original note")
        try other.setOwnData(OwnData(note: "same"), forCode: "GC3CDEF", as: WriteID())
        let stored = try fixture.store.setOwnData(OwnData(note: "same"), forCode: "GC3CDEF",
                                                  from: OwnData(note: "original note"), overChanges: false, as: WriteID())
        #expect(stored == OwnData(note: "same"))
    }

    @Test(arguments: StoreKind.allCases)
    func aWriteOverChangesReplacesAnotherSessionsNote(_ kind: StoreKind) throws {
        let (fixture, other) = try storeWithNote(kind, "original note")
        try other.setOwnData(OwnData(note: "CLI rewrote the note"), forCode: "GC3CDEF", as: WriteID())
        _ = try fixture.store.setOwnData(OwnData(note: "mine"), forCode: "GC3CDEF", from: OwnData(note: "original note"),
                                         overChanges: true, as: WriteID())
        #expect(try fixture.store.ownData().byCode["GC3CDEF"]?.note == "mine")
    }

    @Test(arguments: StoreKind.allCases)
    func aRefusedChangeOfACacheWithNoRowLeavesNoRow(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        #expect(throws: OwnDataEditError.self) {
            try fixture.store.setOwnData(OwnData(note: "mine"), forCode: "GC3CDEF", from: OwnData(note: "gone since"),
                                         overChanges: false, as: WriteID())
        }
        #expect(try fixture.store.ownData().byCode.isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func theWriteSessionRefusesANoteChangedElsewhereAndTheListSaysNothing(_ kind: StoreKind) throws {
        let (fixture, other) = try storeWithNote(kind, "original note")
        let session = WriteSession(store: try fixture.open(), location: fixture.location, files: nil)
        try other.setOwnData(OwnData(note: "CLI rewrote the note"), forCode: "GC3CDEF", as: WriteID())
        #expect(throws: OwnDataEditError.self) {
            try session.setOwnData(OwnData(note: "original note + form addition"), forCode: "gc3cdef",
                                   from: OwnData(note: "original note"))
        }
        #expect(try other.ownData().byCode["GC3CDEF"]?.note == "CLI rewrote the note")
    }

    @Test func theRefusalSaysWhatThePartIsNowOnOneLine() {
        let error = OwnDataEditError.changedElsewhere(code: "GC3CDEF", parts: [.note], now: OwnData(note: "two\nlines"))
        #expect(error.description == #"Another session changed your note on GC3CDEF since it was read: "#
                + #"the note is now "two\nlines"; nothing was written."#)
    }
}
