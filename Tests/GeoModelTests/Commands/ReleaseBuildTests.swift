import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// The release binary as a packager sees it, after `make install`'s install step and
/// `make deb`: hardened (position-independent, every symbol bound at start, relocations
/// read-only afterwards, no executable stack, the C shims with stack canaries), using
/// Debian's shared libraries and no copy of them, libxml2 loaded only when XML is read
/// (libarchive only when a zip archive is),
/// stripped, and packaged so that lintian accepts it.
///
/// `make test` builds the release binary first and names it in
/// `GEOCACHE_RELEASE_BINARY`; a plain `swift test` skips the suite.
@Suite("release build", .enabled(if: ReleaseBuild.binary != nil, "GEOCACHE_RELEASE_BINARY is not set (make test sets it)"))
struct ReleaseBuildTests {
    /// Debian's libraries the program links: each must be a NEEDED entry.
    static let linkedLibraries = ["libncursesw.so.6", "libtinfo.so.6", "libsqlite3.so.0", "libstdc++.so.6"]
    /// Debian's libraries the program opens with dlopen when it first needs them.
    static let openedLibraries = ["libxml2.so.2", "libarchive.so.13", "libpq.so.5"]

    private var installed: URL { get throws { try ReleaseBuild.installation.get().appendingPathComponent("usr/bin/geocache-tui") } }

    private func tool(_ path: String, _ arguments: [String]) throws -> String {
        let result = try GeocacheTUIBinary.runTool(path, arguments)
        #expect(result.status == 0, "\(path) \(arguments.joined(separator: " ")): \(result.error)")
        return result.output
    }

    @Test func theInstalledBinaryIsPositionIndependent() throws {
        let header = try tool("/usr/bin/readelf", ["-hW", installed.path])
        #expect(header.contains("Type:                              DYN"), "\(header)")
        #expect(try tool("/usr/bin/readelf", ["-dW", installed.path]).contains("PIE"))
    }

    @Test func everySymbolIsBoundAtStartAndTheRelocationsAreReadOnlyAfterwards() throws {
        let dynamic = try tool("/usr/bin/readelf", ["-dW", installed.path])
        #expect(dynamic.contains("BIND_NOW"), "\(dynamic)")
        let segments = try tool("/usr/bin/readelf", ["-lW", installed.path])
        #expect(segments.contains("GNU_RELRO"), "\(segments)")
    }

    /// The loader reads the relative relocations as a bitmap (lld's `-z
    /// pack-relative-relocs`), not one 24-byte entry each: a faster start, same hardening.
    @Test func theRelativeRelocationsArePacked() throws {
        let dynamic = try tool("/usr/bin/readelf", ["-dW", installed.path])
        #expect(dynamic.contains("(RELR)"), "\(dynamic)")
    }

    @Test func theStackIsNotExecutable() throws {
        let segments = try tool("/usr/bin/readelf", ["-lW", installed.path])
        let stack = segments.split(separator: "\n").first { $0.contains("GNU_STACK") }
        let flags = stack.map { $0.split(separator: " ").dropLast().last ?? "" } ?? ""
        #expect(flags == "RW", "GNU_STACK: \(stack ?? "missing")")
    }

    @Test func debiansLibrariesAreNeededAndTheOptionalOnesAreNot() throws {
        let dynamic = try tool("/usr/bin/readelf", ["-dW", installed.path])
        let needed = Set(dynamic.split(separator: "\n").filter { $0.contains("(NEEDED)") }
            .compactMap { $0.split(separator: "[").last?.split(separator: "]").first.map(String.init) })
        for library in Self.linkedLibraries { #expect(needed.contains(library), "NEEDED: \(needed.sorted())") }
        for library in Self.openedLibraries { #expect(!needed.contains(library), "\(library) is linked") }
        #expect(!dynamic.contains("RPATH") && !dynamic.contains("RUNPATH"), "\(dynamic)")
        let strings = try Data(contentsOf: installed)
        for library in Self.openedLibraries {
            #expect(strings.range(of: Data(library.utf8)) != nil, "\(library) is never opened")
        }
    }

    /// No function or variable that one of Debian's libraries exports is defined in the
    /// program (its full symbol table is in the debug file): nothing of theirs was
    /// copied in, statically or otherwise.
    @Test func noCodeOfDebiansLibrariesIsCopiedIn() throws {
        _ = try installed  // install.sh writes the debug file
        let ours = Set(try tool("/usr/bin/nm", ["--defined-only", ReleaseBuild.debugFile.path])
            .split(separator: "\n").compactMap { line -> Substring? in
                let parts = line.split(separator: " ")
                guard parts.count == 3, ["T", "D", "B", "R"].contains(parts[1]) else { return nil }
                return parts[2]
            })
        #expect(ours.count > 1000, "the debug file has no symbol table")
        let icu = try FileManager.default.contentsOfDirectory(atPath: "/usr/lib/x86_64-linux-gnu")
            .filter { $0.range(of: #"^libicuuc\.so\.[0-9]+$"#, options: .regularExpression) != nil }
        for library in Self.linkedLibraries + Self.openedLibraries + icu + ["liblzma.so.5", "libz.so.1"] {
            let path = try #require(ReleaseBuild.systemLibrary(library), "\(library) is not installed")
            let theirs = try tool("/usr/bin/nm", ["-D", "--defined-only", path]).split(separator: "\n")
                .compactMap { $0.split(separator: " ").last?.split(separator: "@").first }
            let copied = theirs.filter(ours.contains)
            #expect(copied.isEmpty, "\(library): \(copied.prefix(5))")
        }
    }

    /// Functions of the C shims with a local whose address is taken keep the canary
    /// -fstack-protector-strong gives them (they stay out of line).
    @Test func theCShimsHaveStackCanaries() throws {
        for function in ["sys_window_size", "cn_probe_terminal", "sys_signals_install", "sys_stop_until_continued",
                         "sys_rescue_arm"] {
            let code = try tool("/usr/bin/objdump", ["-d", "--disassemble=\(function)", ReleaseBuild.binary!.path])
            #expect(code.contains("<\(function)>:"), "\(function) is not in the binary")
            #expect(code.contains("__stack_chk_fail"), "\(function) has no canary")
        }
    }

    @Test func theInstalledBinaryIsStrippedAndNamesItsDebugFile() throws {
        let sections = try tool("/usr/bin/readelf", ["-SW", installed.path])
        #expect(!sections.contains(".symtab") && !sections.contains(".debug_info"), "not stripped")
        #expect(sections.contains(".gnu_debuglink"))
        let debugSections = try tool("/usr/bin/readelf", ["-SW", ReleaseBuild.debugFile.path])
        #expect(debugSections.contains(".debug_info") && debugSections.contains(".symtab"))
        let installedFiles = FileManager.default.enumerator(atPath: try ReleaseBuild.installation.get().path)?
            .compactMap { $0 as? String } ?? []
        #expect(!installedFiles.contains { $0.hasSuffix(".debug") })
    }

    /// `list` and the other commands that read no XML never load libxml2 (nor ICU with
    /// it); importing a GPX file does.
    @Test func libxml2IsLoadedOnlyWhenAGPXFileIsRead() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file().path
        _ = try SQLiteStore(url: directory.file())  // listed before anything is added
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        let gpx = directory.file("one.gpx")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.0" creator="test" xmlns="http://www.topografix.com/GPX/1/0">
              <wpt lat="47.1" lon="8.5"><name>GC1TEST</name><desc>Old Oak by ana</desc><sym>Geocache</sym></wpt>
            </gpx>
            """.utf8).write(to: gpx)
        let listed = try GeocacheTUIBinary.runTool(installed.path, ["list", "--store", store], environment: environment)
        #expect(listed.status == 0, "\(listed.error)")
        #expect(listed.error.contains("libsqlite3.so.0"), "LD_DEBUG said nothing")
        #expect(!listed.error.contains("libxml2") && !listed.error.contains("libicu"))
        let imported = try GeocacheTUIBinary.runTool(installed.path, ["import", gpx.path, "--store", store],
                                                     environment: environment)
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.error.contains("libxml2.so.2"))
        let after = try GeocacheTUIBinary.runTool(installed.path, ["list", "--store", store])
        #expect(after.output.contains("Old Oak"))
    }

    /// The commands that read no archive never load libarchive; importing a zip does.
    @Test func libarchiveIsLoadedOnlyWhenAZipIsImported() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file().path
        _ = try SQLiteStore(url: directory.file())  // listed before anything is added
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        let gpx = directory.file("1.gpx"), zip = directory.file("1.zip")
        try Data(ZipFixture.caches(["GC12345"]).utf8).write(to: gpx)
        try ZipFixture.write([ZipFixture.Entry("1.gpx", ZipFixture.caches(["GC23456"]))], to: zip)
        for arguments in [["list"], ["import", gpx.path]] {
            let run = try GeocacheTUIBinary.runTool(installed.path, arguments + ["--store", store], environment: environment)
            #expect(run.status == 0, "\(run.error)")
            #expect(!run.error.contains("libarchive"), "\(arguments) loaded libarchive")
        }
        let imported = try GeocacheTUIBinary.runTool(installed.path, ["import", zip.path, "--store", store],
                                                     environment: environment)
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.error.contains("libarchive.so.13"))
    }

    @Test func makeDebBuildsAPackageThatLintianAccepts() throws {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let built = try tool("/bin/sh", [ReleaseBuild.packageRoot.appendingPathComponent("scripts/make-deb.sh").path,
                                         ReleaseBuild.binary!.path, work.file("deb").path, work.url.path])
        let deb = built.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(URL(fileURLWithPath: deb).lastPathComponent.range(of: #"^geocache-tui_[0-9.]+_[a-z0-9]+\.deb$"#,
                                                                   options: .regularExpression) != nil, "\(deb)")
        let lintian = try GeocacheTUIBinary.runTool("/usr/bin/lintian", ["--fail-on", "error,warning", deb])
        #expect(lintian.status == 0, "lintian:\n\(lintian.output)\(lintian.error)")
        let contents = try tool("/usr/bin/dpkg-deb", ["--contents", deb])
        for path in ["./usr/bin/geocache-tui", "./usr/share/man/man1/geocache-tui.1.gz",
                     "./usr/share/bash-completion/completions/geocache-tui",
                     "./usr/share/zsh/vendor-completions/_geocache-tui",
                     "./usr/share/fish/vendor_completions.d/geocache-tui.fish",
                     "./usr/share/doc/geocache-tui/copyright"] {
            #expect(contents.contains(path), "the package lacks \(path)")
        }
        let copyright = try tool("/bin/sh", ["-c", "dpkg-deb --fsys-tarfile \"$0\" | tar -xOf - "
                                             + "./usr/share/doc/geocache-tui/copyright", deb])
        #expect(copyright.contains("Files: *\nCopyright: 2026 The geocache-tui developers\nLicense: Apache-2.0\n"),
                "the package's own licence: \(copyright)")
        let depends = try tool("/usr/bin/dpkg-deb", ["--field", deb, "Depends"])
        for package in ["libncursesw6", "libtinfo6", "libsqlite3-0", "libstdc++6", "libc6", "libxml2"] {
            #expect(depends.contains(package), "Depends: \(depends)")
        }
        let recommends = try tool("/usr/bin/dpkg-deb", ["--field", deb, "Recommends"])
        #expect(recommends.contains("libarchive13"), "Recommends: \(recommends)")
    }
}

/// Where the release binary and its installation are.
enum ReleaseBuild {
    static let packageRoot = PackageRoot.url

    /// The release binary `make test` built, from GEOCACHE_RELEASE_BINARY.
    static let binary: URL? = ProcessInfo.processInfo.environment["GEOCACHE_RELEASE_BINARY"]
        .flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }

    /// The debug information install.sh leaves beside the binary.
    static var debugFile: URL { URL(fileURLWithPath: binary!.path + ".debug") }

    private static let installationRoot = FileManager.default.temporaryDirectory
        .appendingPathComponent("geocache-release-\(UUID().uuidString)")

    /// The release binary installed once (PREFIX=/usr) into a directory of its own.
    static let installation: Result<URL, InstallFailed> = {
        // Removed when the test process exits.
        atexit { try? FileManager.default.removeItem(at: ReleaseBuild.installationRoot) }
        let root = installationRoot
        var environment = ProcessInfo.processInfo.environment
        environment["PREFIX"] = "/usr"
        environment["DESTDIR"] = root.path
        guard let binary,
              let result = try? GeocacheTUIBinary.runTool(
                "/bin/sh", [packageRoot.appendingPathComponent("scripts/install.sh").path, "install", binary.path],
                environment: environment) else { return .failure(InstallFailed(message: "could not run install.sh")) }
        guard result.status == 0 else { return .failure(InstallFailed(message: result.output + result.error)) }
        return .success(root)
    }()

    struct InstallFailed: Error, CustomStringConvertible {
        let message: String
        var description: String { "install.sh failed: \(message)" }
    }

    /// The path of one of the system's shared libraries, or nil when it is not installed.
    static func systemLibrary(_ name: String) -> String? {
        ["/usr/lib/x86_64-linux-gnu/", "/lib/x86_64-linux-gnu/", "/usr/lib/aarch64-linux-gnu/", "/usr/lib/"]
            .map { $0 + name }.first { FileManager.default.fileExists(atPath: $0) }
    }
}
