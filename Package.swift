// swift-tools-version: 6.1
import PackageDescription

/// How the Swift compiler's Clang builds the C modules, the same for every target:
/// each target that imports GeoModel builds or reuses the C modules under it, and
/// Clang shares a built module only between targets with the same options.
/// - The C in this package is the system-library shims' inline functions, compiled into
///   the modules that import them: they get the hardening Debian builds C with (a stack
///   protector on every function with an array or an address taken, and glibc's checked
///   string and memory functions).
/// - Where Debian's libxml2-dev puts the headers CLibXML2's shim includes.
let cModules: SwiftSetting = .unsafeFlags(["-Xcc", "-fstack-protector-strong", "-Xcc", "-D_FORTIFY_SOURCE=2",
                                           "-Xcc", "-I/usr/include/libxml2"])

/// The release link as Debian links its programs: relocations read-only once the
/// loader is done (`-z relro`), every symbol bound at start so the whole table can be
/// (`-z now`), no executable stack. Position independence is the toolchain's default.
///
/// Linked by the toolchain's lld with the relative relocations packed (`-z
/// pack-relative-relocs`, `DT_RELR`, read by glibc 2.36 and later, Debian 12's): the
/// position-independent program's 87,000 relative relocations take 17 KB instead of
/// 2 MB, so the loader reads and faults in a few pages instead of 500 at every start.
///
/// The program's own symbols stay out of its dynamic symbol table
/// (`--no-export-dynamic`, undoing the Swift driver's `-export-dynamic`): nothing
/// loads code that links against the program, and with them exported every reference
/// the program makes to its own functions and data was a symbol the loader had to
/// look up by name at every start (with `-z now`, all of them before `main`).
let hardenedLink: LinkerSetting = .unsafeFlags(
    ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
     "-Xlinker", "-z", "-Xlinker", "relro", "-Xlinker", "-z", "-Xlinker", "now",
     "-Xlinker", "-z", "-Xlinker", "noexecstack", "-Xlinker", "--no-export-dynamic"],
    .when(configuration: .release))

/// Linux only (Debian's ncursesw, glibc, libpq, libxml2 and libarchive), so no Apple platform is
/// declared; `Sources/GeoModel/LinuxOnly.swift` stops a build for any other system.
let package = Package(
    name: "geocache-tui",
    products: [
        .executable(name: "geocache-tui", targets: ["geocache-tui"]),
        .library(name: "GeoModel", targets: ["GeoModel"]),
        .library(name: "GeoTUI", targets: ["GeoTUI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        // What Glibc's Swift module leaves out, and C calls Swift cannot make: wcwidth,
        // the terminal's size, pipes, signals, SQLite's process-wide settings.
        .systemLibrary(
            name: "CSystem",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CLibPQ",
            providers: [.apt(["libpq-dev"])]
        ),
        // Headers only: libxml2 is opened with dlopen when a GPX or LOC file is read
        // (no pkgConfig, whose -lxml2 would link it); `cModules` names the headers' place.
        .systemLibrary(
            name: "CLibXML2",
            providers: [.apt(["libxml2-dev"])]
        ),
        // Headers only, as CLibXML2: libarchive is opened with dlopen when a zip archive
        // (a pocket query's zip, a GGZ) is first imported.
        .systemLibrary(
            name: "CLibArchive",
            providers: [.apt(["libarchive-dev"])]
        ),
        .target(
            name: "GeoModel",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift"), "CLibArchive", "CLibPQ", "CLibXML2",
                           "CSystem"],
            swiftSettings: [cModules]
        ),
        .target(
            name: "GeoTUI",
            dependencies: ["CNcurses", "CSystem", "GeoModel"],
            swiftSettings: [cModules]
        ),
        .executableTarget(
            name: "geocache-tui",
            dependencies: [
                "GeoModel",
                "GeoTUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [cModules],
            linkerSettings: [hardenedLink]
        ),
        // What both test targets use, written once: stores for a test (a temporary
        // directory, the PostgreSQL test server), the built binary and a way to run it,
        // sample caches, a seeded generator, waiting for a condition.
        .target(
            name: "GeoTestSupport",
            dependencies: ["GeoModel"],
            path: "Tests/GeoTestSupport",
            swiftSettings: [cModules]
        ),
        .testTarget(
            name: "GeoModelTests",
            dependencies: ["GeoModel", "GeoTestSupport"],
            resources: [.copy("Fixtures")],
            swiftSettings: [cModules]
        ),
        .testTarget(
            name: "GeoTUITests",
            dependencies: ["GeoTUI", "GeoModel", "GeoTestSupport"],
            swiftSettings: [cModules]
        ),
    ],
    swiftLanguageModes: [.v6]
)
