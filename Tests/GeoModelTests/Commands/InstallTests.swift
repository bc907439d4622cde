import Foundation
import GeoTestSupport
import Testing

/// `make install` / `make uninstall` (scripts/install.sh, which make calls with the
/// release binary): the files Debian's places expect, a man page that renders with
/// every subcommand and key, completions for three shells, and an uninstall that
/// removes exactly those files.
@Suite("make install")
struct InstallTests {
    static let packageRoot = PackageRoot.url
    static let installed = [
        "usr/bin/geocache-tui",
        "usr/share/man/man1/geocache-tui.1",
        "usr/share/bash-completion/completions/geocache-tui",
        "usr/share/zsh/vendor-completions/_geocache-tui",
        "usr/share/fish/vendor_completions.d/geocache-tui.fish",
    ]

    /// Runs `sh scripts/install.sh ARGUMENTS` with PREFIX=/usr and DESTDIR=`destination`.
    private func script(_ arguments: [String], destination: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [Self.packageRoot.appendingPathComponent("scripts/install.sh").path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PREFIX"] = "/usr"
        environment["DESTDIR"] = destination.path
        process.environment = environment
        let pipe = Pipe.forOneChild()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        try process.waitForExit()
        return (process.terminationStatus, output)
    }

    private func files(under root: URL) -> [String] {
        let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return paths.filter { path in
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path,
                                                        isDirectory: &isDirectory)
            return exists && !isDirectory.boolValue
        }.sorted()
    }

    private func install() throws -> TemporaryDirectory {
        let destination = try TemporaryDirectory()
        let result = try script(["install", GeocacheTUIBinary.url.path], destination: destination.url)
        #expect(result.status == 0, "\(result.output)")
        return destination
    }

    @Test func installPutsTheBinaryManPageAndCompletionsWhereDebianLooks() throws {
        let destination = try install()
        defer { destination.remove() }
        #expect(files(under: destination.url) == Self.installed.sorted())
        let binary = destination.url.appendingPathComponent("usr/bin/geocache-tui").path
        #expect(FileManager.default.isExecutableFile(atPath: binary))
        let man = try FileManager.default.attributesOfItem(
            atPath: destination.url.appendingPathComponent(Self.installed[1]).path)
        #expect((man[.posixPermissions] as? Int) == 0o644)
    }

    @Test func theManPageRendersWithEverySubcommandAndKey() throws {
        let destination = try install()
        defer { destination.remove() }
        let page = destination.url.appendingPathComponent(Self.installed[1]).path
        var environment = ProcessInfo.processInfo.environment
        environment["MANWIDTH"] = "100"
        environment["LANG"] = "C.UTF-8"
        environment["MANPAGER"] = "cat"
        let rendered = try GeocacheTUIBinary.runTool("/usr/bin/man", ["-l", page], environment: environment)
        #expect(rendered.status == 0, "\(rendered.error)")
        #expect(rendered.error.isEmpty, "man warned: \(rendered.error)")
        for text in ["GEOCACHE-TUI(1)", "NAME", "SYNOPSIS", "COMMANDS", "KEYS", "--store path-or-url",
                     "interactive", "add", "list", "edit", "delete", "export", "import", "--format",
                     "Add the fields as a new cache", "Save the edit", "Start of the text", "Delete to the end",
                     "Move between Yes and No", "Close this help"] {
            #expect(rendered.output.contains(text), "the page lacks \(text)")
        }
        #expect(!rendered.output.contains("dump-keys"))
    }

    @Test func everyKeyOfTheFormIsInTheManPage() throws {
        let destination = try install()
        defer { destination.remove() }
        let page = try String(contentsOf: destination.url.appendingPathComponent(Self.installed[1]), encoding: .utf8)
        let keys = try GeocacheTUIBinary.run(["dump-keys"])
        for line in keys.output.split(separator: "\n") {
            let description = line.split(separator: "\t").last.map(String.init) ?? ""
            #expect(page.contains(description), "missing \(description)")
        }
    }

    @Test func theCompletionsAreTheProgramsOwnForEachShell() throws {
        let destination = try install()
        defer { destination.remove() }
        for (index, shell) in [(2, "bash"), (3, "zsh"), (4, "fish")] {
            let written = try String(contentsOf: destination.url.appendingPathComponent(Self.installed[index]),
                                     encoding: .utf8)
            var generated = try GeocacheTUIBinary.run(["--generate-completion-script", shell]).output
            if shell == "bash", generated.hasPrefix("#!") {
                // A bash completion is sourced, not run: install.sh leaves the #! line out.
                generated = String(generated.drop { $0 != "\n" }.dropFirst())
            }
            #expect(written == generated)
            #expect(!written.hasPrefix("#!"))
            #expect(written.contains("store") && written.contains("import"))
        }
    }

    @Test func uninstallRemovesExactlyTheInstalledFiles() throws {
        let destination = try install()
        defer { destination.remove() }
        let neighbour = destination.url.appendingPathComponent("usr/share/man/man1/other.1")
        try Data("keep".utf8).write(to: neighbour)
        let result = try script(["uninstall"], destination: destination.url)
        #expect(result.status == 0, "\(result.output)")
        #expect(files(under: destination.url) == ["usr/share/man/man1/other.1"])
    }

    @Test func makeInstallBuildsTheReleaseBinaryAndInstallsItWithPrefixAndDestdir() throws {
        let make = try GeocacheTUIBinary.runTool("/usr/bin/make", ["-n", "-C", Self.packageRoot.path, "install",
                                                                   "PREFIX=/opt/gt", "DESTDIR=/tmp/pkg"])
        #expect(make.status == 0, "\(make.error)")
        #expect(make.output.contains("swift build -c release --static-swift-stdlib --product geocache-tui"))
        #expect(make.output.contains("PREFIX=\"/opt/gt\" DESTDIR=\"/tmp/pkg\" sh scripts/install.sh install .build/release/geocache-tui"))
        let uninstall = try GeocacheTUIBinary.runTool("/usr/bin/make", ["-n", "-C", Self.packageRoot.path, "uninstall"])
        #expect(uninstall.output.contains("PREFIX=\"/usr/local\" DESTDIR=\"\" sh scripts/install.sh uninstall"))
    }
}
