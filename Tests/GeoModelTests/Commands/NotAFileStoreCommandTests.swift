import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// A store path that names no regular file (a device, a FIFO) or a file of the system's
/// that holds nothing and cannot be written (`/proc`): every command says the same, and
/// none advises moving a device away.
@Suite struct NotAFileStoreCommandTests {
    private static let addArguments = ["--title", "A", "--details", "d", "--creator", "c", "--reward", "r"]

    @Test("a character device is named as such, alike by list and add, with no advice to move it away",
          arguments: ["list", "add"])
    func aDeviceIsNamedWithoutAdviceToMoveItAway(_ command: String) throws {
        let arguments = [command, "--store", "/dev/null"] + (command == "add" ? Self.addArguments : [])
        let result = try GeocacheTUIBinary.run(arguments)
        #expect(result.status == 1)
        #expect(result.error == "geocache-tui: /dev/null is a character device, not a store file; it was left "
            + "untouched. Name a regular file with --store PATH or GEOCACHE_STORE.\n")
    }

    @Test("an empty file of /proc is said alike by list and add: read-only, holding no store",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")), arguments: ["list", "add"])
    func anEmptyProcFileIsSaidAlikeByEveryCommand(_ command: String) throws {
        let arguments = [command, "--store", "/proc/self/status"] + (command == "add" ? Self.addArguments : [])
        let result = try GeocacheTUIBinary.run(arguments)
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("geocache-tui: /proc/self/status is read-only ("), "stderr was: \(result.error)")
        #expect(result.error.contains(", and it holds no store yet); nothing was written"))
    }
}
