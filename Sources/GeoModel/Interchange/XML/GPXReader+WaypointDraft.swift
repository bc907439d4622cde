import Foundation

extension GPXReader {
    /// What the reader collects about one `<wpt>` while it is open.
    struct WaypointDraft {
        var position: TextPosition
        /// The file's author, when it named one before this waypoint.
        var fileAuthor: String?
        var isCache = false
        var name: String?
        var urlname: String?
        var linkText: String?
        var type: String?
        var desc: String?
        var cmt: String?
        var sym: String?
        var cacheName: String?
        var placedBy: String?
        var owner: String?
        var container: String?
        /// `groundspeak:short_description` as libxml2 gave it: made into text on the
        /// storing thread, not the parsing one (HTML straight from the bytes).
        var shortDescriptionBytes: [UInt8]?
        var shortDescription: String? { shortDescriptionBytes.map { String(decoding: $0, as: UTF8.self) } }
        var shortDescriptionIsHTML = false
        var travelBugs: [String] = []

        init(position: TextPosition, fileAuthor: String? = nil) {
            self.position = position
            self.fileAuthor = fileAuthor
        }

        /// The record this waypoint stands for.
        func record(source: String) -> ImportRecord {
            mapped(source: source).record
        }

        /// The record, and where its creator came from when the waypoint named no owner.
        func mapped(source: String) -> (record: ImportRecord, fallback: CreatorFallback?) {
            let code = (name ?? "").trimmingWhitespace()
            let location = RecordLocation(source: source, code: code, position: position)
            guard isGeocache(code: code) else { return (.notAGeocache(location), nil) }
            var fallback: CreatorFallback?
            var cache = verbatimCache(code: code) ?? mappedCache(code: code, fallback: &fallback)
            cache.code = CacheCode.normalized(code)
            do {
                return (.cache(try cache.validated(), location), fallback)
            } catch {
                return (.rejected(RejectedRecord(location: location, reason: error.description)), nil)
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

        /// The cache by the general mapping for files from other tools: the Groundspeak
        /// elements when there are any, else what plain waypoints carry (``OwnerSplit``).
        private func mappedCache(code: String, fallback: inout CreatorFallback?) -> GeoCache {
            func firstNonBlank(_ candidates: String?...) -> String {
                candidates.lazy.compactMap { $0?.trimmingWhitespace() }.first { !$0.isEmpty } ?? ""
            }
            let split = OwnerSplit(desc: desc, urlname: urlname ?? linkText, cmt: cmt)
            let title = firstNonBlank(cacheName, split?.title, urlname, linkText, desc, name)
            var descriptions = [shortDescriptionBytes.map {
                shortDescriptionIsHTML ? HTMLText.plainText(fromHTML: $0) : String(decoding: $0, as: UTF8.self).trimmingWhitespace()
            } ?? ""]
            if shortDescriptionBytes == nil {
                // The text the title and owner came from is not repeated as a description.
                if split?.source != .cmt { descriptions.append(cmt?.trimmingWhitespace() ?? "") }
                if split?.source != .desc { descriptions.append(desc?.trimmingWhitespace() ?? "") }
            }
            // A few texts, compared rather than hashed: hashing a long description
            // normalises all of it, a comparison stops at the first difference.
            var seen = [title]
            let description = descriptions.filter { text in
                guard !text.isEmpty, !seen.contains(text) else { return false }
                seen.append(text)
                return true
            }.joined(separator: "\n")
            let details = [code, description].filter { !$0.isEmpty }.joined(separator: ": ")
            var creator = firstNonBlank(placedBy, owner, split?.owner)
            if creator.isEmpty {
                if let fileAuthor {
                    creator = fileAuthor
                    fallback = .fileAuthor
                } else {
                    creator = CreatorFallback.unknownCreator
                    fallback = .unknown
                }
            }
            return GeoCache(title: title, details: details, creator: creator,
                            reward: reward(typeFromDesc: split?.cacheType))
        }

        /// The travel bugs, else the container when known, else the cache type.
        private func reward(typeFromDesc: String?) -> String {
            let bugs = travelBugs.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
            if !bugs.isEmpty { return bugs.joined(separator: ", ") }
            if let container = Self.containerName(container) { return "Container: " + container }
            let written = (type ?? "").trimmingWhitespace()
            let parts = written.split(separator: "|", omittingEmptySubsequences: true)
            let typeName = parts.count > 1 && parts[0].lowercased() == "geocache"
                ? parts[1...].joined(separator: " ").trimmingWhitespace() : typeFromDesc ?? "Geocache"
            return "Type: " + typeName
        }

        /// A container as written, a LOC file's number as its name; nil when not known.
        static func containerName(_ written: String?) -> String? {
            let text = (written ?? "").trimmingWhitespace()
            let numbered = ["1": nil, "2": "Micro", "3": "Regular", "4": "Large", "5": "Virtual",
                            "6": "Other", "8": "Small"] as [String: String?]
            if let known = numbered[text] { return known }
            return text.isEmpty ? nil : text
        }

        /// Whether the waypoint is a geocache: a Groundspeak cache; a `<type>` or `<sym>`
        /// starting with "Geocache" (any case); or a GC code with neither type nor symbol.
        func isGeocache(code: String) -> Bool {
            if isCache { return true }
            let type = (type ?? "").trimmingWhitespace().lowercased()
            let sym = (sym ?? "").trimmingWhitespace().lowercased()
            if type.hasPrefix("geocache") || sym.hasPrefix("geocache") { return true }
            return type.isEmpty && sym.isEmpty && Self.isGCCode(code)
        }

        /// `GC` and 1 to 7 letters or digits, as geocaching.com's codes are.
        static func isGCCode(_ code: String) -> Bool {
            let upper = code.uppercased()
            return upper.hasPrefix("GC") && (3...9).contains(upper.count)
                && upper.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
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
