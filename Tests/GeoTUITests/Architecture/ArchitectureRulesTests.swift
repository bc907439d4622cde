import Foundation
import Testing

/// The layering rules of docs/architecture.md, checked on the package's own sources.
///
/// The package graph already keeps GeoModel from importing GeoTUI or CNcurses (it
/// depends on neither); these tests check what the graph cannot see: files inside
/// GeoTUI, which may all import what the target depends on.
@Suite struct ArchitectureRulesTests {
    /// The Swift files under `directories`, required to be there, so that a wrong path
    /// can never make a rule pass by checking nothing.
    private func files(under directories: [String]) throws -> [SourceFile] {
        let files = try SourceScanner.packageSources.get().filter { file in
            directories.contains { file.isInside($0) }
        }
        try #require(!files.isEmpty, "no Swift files under \(directories)")
        return files
    }

    /// Every Swift file in Sources outside the terminal layer.
    private func filesOutsideTheTerminalLayer() throws -> [SourceFile] {
        try files(under: ["Sources"]).filter { !$0.isInside(LayeringRules.terminalDirectory) }
    }

    @Test func viewsDoNotImportTheModel() throws {
        let views = try files(under: LayeringRules.viewDirectories)
        #expect(LayeringRules.imports(of: "GeoModel", in: views) == [])
    }

    @Test func viewsDoNotUseTheTerminalLayer() throws {
        let terminalTypes = try files(under: [LayeringRules.terminalDirectory])
            .reduce(into: Set<String>()) { $0.formUnion(SourceScanner.topLevelTypeNames(in: $1)) }
        try #require(terminalTypes.isSuperset(of: ["Terminal", "TerminalEvent", "InputDecoder"]))
        let views = try files(under: LayeringRules.viewDirectories)
        #expect(LayeringRules.uses(of: terminalTypes, in: views) == [])
    }

    /// `CLibPQ` (libpq, for the PostgreSQL store), `CLibXML2` (libxml2, for reading
    /// GPX and LOC files) and `CLibArchive` (libarchive, for zipped pocket queries and
    /// GGZ files) belong to the model, not the UI; `CSystem` (what Glibc's Swift
    /// module leaves out, SQLite's process-wide settings among it) serves both.
    @Test func modelImportsNothingOfTheUserInterface() throws {
        let otherModules = try FileManager.default
            .contentsOfDirectory(atPath: SourceScanner.packageRoot.appendingPathComponent("Sources").path)
            .filter { "Sources/\($0)" != LayeringRules.modelDirectory && !["CLibArchive", "CLibPQ", "CLibXML2", "CSystem"].contains($0) }
            .map { $0.replacingOccurrences(of: "-", with: "_") }
        try #require(Set(otherModules).isSuperset(of: ["GeoTUI", "CNcurses"]))
        let model = try files(under: [LayeringRules.modelDirectory])
        for module in otherModules {
            #expect(LayeringRules.imports(of: module, in: model) == [])
        }
    }

    @Test func onlyTerminalFilesImportNcurses() throws {
        let outside = try filesOutsideTheTerminalLayer()
        #expect(LayeringRules.imports(of: "CNcurses", in: outside) == [])
    }

    @Test func onlyTerminalFilesCallNcurses() throws {
        let outside = try filesOutsideTheTerminalLayer()
        #expect(LayeringRules.ncursesUses(in: outside) == [])
    }

    @Test func noFileReexportsNcurses() throws {
        let sources = try files(under: ["Sources"])
        #expect(LayeringRules.reexports(of: "CNcurses", in: sources) == [])
    }

    /// The other tests pass because the rules hold, not because the scan sees nothing.
    @Test func theTerminalLayerIsSeenImportingAndCallingNcurses() throws {
        let terminal = try files(under: [LayeringRules.terminalDirectory])
        #expect(!LayeringRules.imports(of: "CNcurses", in: terminal).isEmpty)
        let used = Set(LayeringRules.ncursesUses(in: terminal).map(\.what))
        #expect(used.isSuperset(of: ["uses ncurses: newterm", "uses ncurses: doupdate", "uses ncurses: WINDOW"]))
    }
}
