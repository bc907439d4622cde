// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "geocache-tui",
    platforms: [.macOS(.v13)],
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
        // No pkgConfig: its only flags here were SwiftPM's `-L/usr/lib/x86_64-linux-gnu`
        // (the -D flags are dropped), which put the system directory before the
        // release build's static-link directory (below); the module map links ncursesw.
        .systemLibrary(
            name: "CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        .systemLibrary(name: "CCharacterWidth"),
        // sched_getcpu and the thread-affinity calls, which glibc declares only under
        // _GNU_SOURCE: the store's thread starts on another CPU (StoreOpening.swift).
        .systemLibrary(name: "CThreadPlacement"),
        .systemLibrary(
            name: "CLibPQ",
            providers: [.apt(["libpq-dev"])]
        ),
        // No pkgConfig either (its -L would come before the static-link directory);
        // GeoModel adds libxml2's include directory itself, below.
        .systemLibrary(
            name: "CSQLiteConfig",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(
            name: "GeoModel",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift"), "CLibPQ", "CLibXML2", "CSQLiteConfig",
                           "CThreadPlacement"],
            // Where Debian's libxml2-dev puts the headers CLibXML2's shim includes.
            swiftSettings: [.unsafeFlags(["-Xcc", "-I/usr/include/libxml2"])]
        ),
        .target(
            name: "GeoTUI",
            dependencies: ["CNcurses", "CCharacterWidth", "GeoModel"]
        ),
        .executableTarget(
            name: "geocache-tui",
            dependencies: [
                "GeoModel",
                "GeoTUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The release build looks here first for libraries: `make` writes linker
            // scripts into this directory that name the static archives of libxml2
            // (with ICU, liblzma, zlib), SQLite and libstdc++, so the program does not
            // load and relocate them as shared libraries at every start
            // (docs/performance.md, issue 11). Without them the shared ones are used.
            linkerSettings: [
                .unsafeFlags(["-L\(Context.packageDirectory)/.build/static-link"], .when(configuration: .release)),
            ]
        ),
        .testTarget(
            name: "GeoModelTests",
            dependencies: ["GeoModel"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "GeoTUITests",
            dependencies: ["GeoTUI", "GeoModel"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
