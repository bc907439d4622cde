import Testing
import Foundation
@testable import GeoModel

/// The sentences a store's errors are told in (``StoreError/description``).
@Suite struct StoreErrorTextTests {
    @Test func aReasonThatEndsInAQuestionMarkGetsNoFullStopAfterIt() {
        let error = StoreError.unreachable(server: "/var/run/postgresql:5432/caches",
                                           reason: "No such file or directory; Is the server running locally?")
        #expect(error.description.contains("running locally? Check that the server is running"))
        #expect(!error.description.contains("?."))
    }

    @Test func aReasonWithoutAFullStopGetsOne() {
        let error = StoreError.accessDenied(server: "127.0.0.1:5432/caches", reason: "password authentication failed")
        #expect(error.description.contains("password authentication failed. Check the user name"))
    }

    @Test func aReasonThatEndsInAFullStopGetsNoSecond() {
        let error = StoreError.cannotCreate(path: "/x/caches.sqlite", reason: "No such file or directory.")
        #expect(error.description.contains("No such file or directory. Check that the directory exists"))
    }

    @Test("a store that cannot be made on a file system mounted read-only says so, not that permissions forbid it")
    func aReadOnlyFileSystemIsNamedAsOne() {
        #expect(StoreFile.unwritable("/media/card", errno: EROFS) == "/media/card is on a file system mounted read-only")
        #expect(StoreFile.unwritable("/srv", errno: EACCES) == "you may not write in /srv")
    }

    @Test func aRefusedConnectionOptionSaysToCorrectItAndIsNoServerAway() {
        let error = StoreError.badConnectionOption(server: "127.0.0.1:5432/caches", reason: "invalid sslmode value: \"bogus\"")
        #expect(error.description == "cannot connect to the store on 127.0.0.1:5432/caches: invalid sslmode value: \"bogus\". "
            + "Correct that option in the URL (or the PG environment variable that sets it), "
            + "or choose another store with --store or GEOCACHE_STORE.")
        #expect(!error.meansTheServerCannotBeReached)
    }

    @Test func aLineBreakInAStorePathIsWrittenAsAnEscapeSoTheMessageStaysOneLine() {
        let error = StoreError.noStore(path: "/tmp/no\ndir/caches.sqlite", missingDirectory: "/tmp/no\ndir")
        #expect(!error.description.contains("\n"))
        #expect(error.description.hasPrefix("there is no store at /tmp/no\\ndir/caches.sqlite, and its directory /tmp/no\\ndir "))
    }

    @Test func anotherUsersUnreadableStoreNamesItsOwnerAndAsksThemNotChmod() {
        let error = StoreError.othersFile(path: "/srv/club/caches.sqlite", owner: "bo", mode: "mode 600")
        #expect(error.description.hasPrefix("cannot open /srv/club/caches.sqlite: it is bo's, and you may not read it (mode 600)"))
        #expect(error.description.contains("Ask bo to let you read it"))
        #expect(!error.description.contains("chmod 600"))
    }

    @Test func aDirectoryThatCannotBeSearchedIsNamedAsTheProblemNotTheFile() {
        let error = StoreError.directoryNotSearchable(path: "/srv/club/caches.sqlite")
        #expect(error.description.contains("a directory on the way to it cannot be searched"))
        #expect(error.description.contains("namei -l '/srv/club/caches.sqlite'"))
        #expect(!error.description.contains("chmod 600"))
    }
}
