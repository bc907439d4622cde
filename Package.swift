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
        .systemLibrary(
            name: "CNcurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        .systemLibrary(name: "CCharacterWidth"),
        .systemLibrary(
            name: "CLibPQ",
            providers: [.apt(["libpq-dev"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(
            name: "GeoModel",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift"), "CLibPQ", "CLibXML2"]
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
