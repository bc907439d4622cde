import Foundation
import GeoTestSupport
import Testing

/// The bash completion the program generates, asked as bash asks it: the words it
/// offers after what a person has typed, in a directory holding one file.
@Suite("Bash completion")
struct BashCompletionTests {
    /// What the completion offers for `words` (the last one being completed), run in
    /// a directory that holds `caches.gpx` only.
    private func offered(_ words: [String]) throws -> [String] {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let script = try GeocacheTUIBinary.run(["--generate-completion-script", "bash"]).output
        try script.write(to: directory.file("completion.bash"), atomically: false, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: directory.file("caches.gpx").path, contents: Data())
        let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
        let asking = """
            cd '\(directory.url.path)' && source ./completion.bash
            COMP_WORDS=(\(quoted)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
            _geocache-tui geocache-tui "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try GeocacheTUIBinary.runTool("/bin/bash", ["-c", asking])
        #expect(result.status == 0, "\(result.error)")
        return result.output.split(separator: "\n").map(String.init)
    }

    @Test func theStoreOptionOffersFiles() throws {
        #expect(try offered(["geocache-tui", "list", "--store", "ca"]) == ["caches.gpx"])
    }

    @Test func theStoreOptionBeforeTheSubcommandOffersFiles() throws {
        #expect(try offered(["geocache-tui", "--store", "ca"]) == ["caches.gpx"])
    }

    @Test func importOffersFilesToRead() throws {
        #expect(try offered(["geocache-tui", "import", "ca"]) == ["caches.gpx"])
    }

    @Test func exportsOutputOffersFiles() throws {
        #expect(try offered(["geocache-tui", "export", "--output", "ca"]) == ["caches.gpx"])
    }

    @Test func logOffersTheVisitTypesAfterTheCode() throws {
        #expect(try offered(["geocache-tui", "log", "GC1234", ""])
                == ["found", "dnf", "note", "maintenance", "archive", "attended", "webcam", "unattempted"])
    }

    @Test func statusFilterOffersTheStatuses() throws {
        #expect(try offered(["geocache-tui", "list", "--status", ""]) == ["available", "disabled", "archived"])
    }
}
