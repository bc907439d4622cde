import Foundation

/// The package's root directory (where Package.swift is), found from this file's own
/// path, three levels below it (`Tests/GeoTestSupport/PackageRoot.swift`).
package enum PackageRoot {
    package static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
