import Foundation

extension GPXReader {
    /// What the reader collects about one `<wpt>` while it is open.
    struct WaypointDraft {
        var position: TextPosition
        var isCache = false
        var name: String?
        var urlname: String?
        var linkText: String?
        var type: String?
        var cacheName: String?
        var placedBy: String?
        var owner: String?
        var container: String?
        var shortDescription: String?
        var shortDescriptionIsHTML = false
        var travelBugs: [String] = []

        /// The record this waypoint stands for.
        func record(source: String) -> ImportRecord {
            let code = (name ?? "").trimmingWhitespace()
            let location = RecordLocation(source: source, code: code, position: position)
            let isGeocache = isCache || (type ?? "").trimmingWhitespace().lowercased().hasPrefix("geocache")
            guard isGeocache else { return .notAGeocache(location) }
            let cache = verbatimCache(code: code) ?? mappedCache(code: code)
            do {
                return .cache(try cache.validated(), location)
            } catch {
                return .rejected(RejectedRecord(location: location, reason: error.description))
            }
        }

        /// The cache exactly as GPXWriter wrote it, when the code proves it unchanged.
        private func verbatimCache(code: String) -> GeoCache? {
            guard isCache, code.hasPrefix("GT"), travelBugs.count == 1 else { return nil }
            let written = GeoCache(title: cacheName ?? "", details: shortDescription ?? "",
                                   creator: placedBy ?? "", reward: travelBugs[0])
            if written.interchangeCode == code { return written }
            var restored = written
            for field in GeoCache.Field.allCases {
                restored[field] = Self.restoringControls(written[field])
            }
            return restored.interchangeCode == code ? restored : nil
        }

        /// The cache by the general mapping for files from other tools.
        private func mappedCache(code: String) -> GeoCache {
            func firstNonBlank(_ candidates: String?...) -> String {
                candidates.lazy.compactMap { $0?.trimmingWhitespace() }.first { !$0.isEmpty } ?? ""
            }
            let description = shortDescription.map {
                shortDescriptionIsHTML ? HTMLText.plainText(fromHTML: $0) : $0.trimmingWhitespace()
            } ?? ""
            let details = [code, description].filter { !$0.isEmpty }.joined(separator: ": ")
            let bugs = travelBugs.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
            let container = firstNonBlank(container)
            let reward = !bugs.isEmpty ? bugs.joined(separator: ", ")
                : container.isEmpty ? "" : "Container: " + container
            return GeoCache(title: firstNonBlank(cacheName, urlname, linkText, name), details: details,
                            creator: firstNonBlank(placedBy, owner), reward: reward)
        }

        /// Control pictures (U+2400 to U+241F) back to the controls GPXWriter replaced.
        static func restoringControls(_ text: String) -> String {
            var scalars = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                if (0x2400...0x241F).contains(scalar.value), ![0x09, 0x0A, 0x0D].contains(scalar.value - 0x2400) {
                    scalars.append(Unicode.Scalar(scalar.value - 0x2400)!)
                } else {
                    scalars.append(scalar)
                }
            }
            return String(scalars)
        }
    }
}
