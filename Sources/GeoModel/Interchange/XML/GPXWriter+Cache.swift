extension GPXWriter {
    /// The cache's own `<wpt>`: GPX's elements in the order the GPX 1.0 or 1.1 schema
    /// requires, then the Groundspeak extension (in `<extensions>` for 1.1). It stands at
    /// the person's final where there is one, else at the listing's place; nothing is
    /// written when there is neither.
    static func writeCache(_ cache: GeoCache, digest: UInt64, version: Version, own: OwnData = OwnData(),
                           to output: inout BufferedWriter) {
        guard let coordinate = own.place(of: cache) else { return }
        let listed = cache.coordinate
        let listing = cache.listing
        output.append("  <wpt lat=\"")
        output.append(text: coordinate.latitudeText)
        output.append("\" lon=\"")
        output.append(text: coordinate.longitudeText)
        output.append("\">\n")
        // `<time>` is an `xsd:dateTime`: a placed date that is not one (kept as a file gave it) is left out.
        element("time", listing.placed.flatMap(UTCTime.gpxTime), indent: 4, to: &output)
        output.append("    <name>")
        if let code = cache.code {
            output.appendEscaped(code, escaped)
        } else {
            output.append("GT")
            GeoCache.appendInterchangeCharacters(digest: digest, to: &output)
        }
        output.append("</name>\n")
        // The details, when the short description is the listing's own.
        if listing.shortDescription != nil { element("cmt", cache.details, indent: 4, to: &output) }
        output.append("    <desc>")
        output.appendEscaped(cache.title, escaped)
        output.append(" by ")
        output.appendEscaped(cache.creator, escaped)
        if let type = listing.type, let difficulty = listing.difficulty, let terrain = listing.terrain {
            // ", TYPE (D/T)", as pocket queries write it, for tools that read only `desc`.
            output.append(", ")
            output.appendEscaped(type, escaped)
            output.append(" (")
            output.append(text: difficulty.text)
            output.append("/")
            output.append(text: terrain.text)
            output.append(")")
        }
        output.append("</desc>\n    <src>")
        output.append(text: GPXReader.WaypointDraft.sourceMark)
        output.append(decimal: digest)
        output.append("</src>\n")
        writeLink(url: listing.url, text: cache.title, version: version, to: &output)
        output.append("    <sym>")
        output.appendEscaped(own.isFound ? Listing.foundSymbol : listing.symbol ?? Listing.plainSymbol, escaped)
        output.append("</sym>\n    <type>Geocache")
        if let type = listing.type {
            output.append("|")
            output.appendEscaped(type, escaped)
        }
        output.append("</type>\n")
        if version == .gpx11 { output.append("    <extensions>\n") }
        writeGSAKExtension(own, listed: listed, foundBySymbolOnly: listing.symbol != Listing.foundSymbol,
                           age: listing.asOf, indent: version == .gpx11 ? 6 : 4, to: &output)
        writeGroundspeakCache(cache, digest: digest, indent: version == .gpx11 ? 6 : 4, to: &output)
        if version == .gpx11 { output.append("    </extensions>\n") }
        output.append("  </wpt>\n")
    }

    /// `<gsak:wptExtension>`: the listing's `age` (``Listing/asOf``) as GSAK's date of the
    /// last GPX file (`gsak:LastGpxDate`, empty for a listing without one), which an
    /// import of this file takes as the cache's age, so that the file's version of a
    /// cache replaces another store's only when it is not older; then the person's note,
    /// the listing's place under a corrected one and when the person found the cache,
    /// as GSAK writes them (`gsak:GcNote`, `gsak:LatBeforeCorrect`,
    /// `gsak:LonBeforeCorrect`, `gsak:UserFound`), where there are some. A listing
    /// without a place under a final is written as both elements empty, so that reading
    /// the file back does not take the final for the listing's place. The find
    /// is written only where the `Geocache Found` symbol is the find's alone
    /// (`foundBySymbolOnly`: the listing's own symbol is another), so that reading the
    /// file back tells the listing's symbol from the person's find.
    static func writeGSAKExtension(_ own: OwnData, listed: Coordinate?, foundBySymbolOnly: Bool, age: String?,
                                   indent: Int, to output: inout BufferedWriter) {
        let found = own.isFound && foundBySymbolOnly ? own.found : nil
        pad(indent, &output)
        output.append("<gsak:wptExtension>\n")
        element("gsak:LastGpxDate", age ?? "", indent: indent + 2, to: &output)
        element("gsak:GcNote", own.note.isEmpty ? nil : own.note, indent: indent + 2, to: &output)
        if own.corrected != nil {
            element("gsak:LatBeforeCorrect", listed?.latitudeText ?? "", indent: indent + 2, to: &output)
            element("gsak:LonBeforeCorrect", listed?.longitudeText ?? "", indent: indent + 2, to: &output)
        }
        element("gsak:UserFound", found, indent: indent + 2, to: &output)
        pad(indent, &output)
        output.append("</gsak:wptExtension>\n")
    }

    /// The waypoint's web page: `<url>` and `<urlname>` (GPX 1.0; the name also without
    /// a URL), or `<link href="…"><text>…</text></link>` (GPX 1.1, only with a URL).
    static func writeLink(url: String?, text: String, version: Version, to output: inout BufferedWriter) {
        switch version {
        case .gpx10:
            element("url", url, indent: 4, to: &output)
            element("urlname", text, indent: 4, to: &output)
        case .gpx11:
            guard let url else { return }
            output.append("    <link href=\"")
            output.appendEscaped(url, attributeEscaped)
            output.append("\">\n      <text>")
            output.appendEscaped(text, escaped)
            output.append("</text>\n    </link>\n")
        }
    }

    /// `<groundspeak:cache>` with its elements in the order of the Groundspeak 1.0.1
    /// schema, its own lines at `indent` spaces and theirs two further in.
    static func writeGroundspeakCache(_ cache: GeoCache, digest: UInt64, indent: Int, to output: inout BufferedWriter) {
        let listing = cache.listing
        let inner = indent + 2
        let ownID = numericID(listing.cacheID)
        pad(indent, &output)
        output.append("<groundspeak:cache id=\"")
        if let ownID { output.append(text: ownID) } else { output.append(decimal: digest % 1_000_000_000) }
        output.append(listing.available == false ? "\" available=\"False\"" : "\" available=\"True\"")
        output.append(listing.archived == true ? " archived=\"True\">\n" : " archived=\"False\">\n")
        element("groundspeak:name", cache.title, indent: inner, to: &output)
        element("groundspeak:placed_by", cache.creator, indent: inner, to: &output)
        pad(inner, &output)
        output.append("<groundspeak:owner id=\"")
        output.append(text: numericID(listing.ownerID) ?? "0")
        output.append("\">")
        output.appendEscaped(listing.ownerName ?? cache.creator, escaped)
        output.append("</groundspeak:owner>\n")
        element("groundspeak:type", listing.type, indent: inner, to: &output)
        element("groundspeak:container", listing.container, indent: inner, to: &output)
        writeAttributes(listing.attributes, indent: inner, to: &output)
        element("groundspeak:difficulty", listing.difficulty?.text, indent: inner, to: &output)
        element("groundspeak:terrain", listing.terrain?.text, indent: inner, to: &output)
        element("groundspeak:country", listing.country ?? "", indent: inner, to: &output)
        element("groundspeak:state", listing.state ?? "", indent: inner, to: &output)
        pad(inner, &output)
        if let short = listing.shortDescription {
            output.append(listing.shortDescriptionIsHTML ? "<groundspeak:short_description html=\"True\">"
                          : "<groundspeak:short_description html=\"False\">")
            output.appendEscaped(short, escaped)
        } else {
            output.append("<groundspeak:short_description html=\"False\">")
            output.appendEscaped(cache.details, escaped)
        }
        output.append("</groundspeak:short_description>\n")
        if let description = listing.longDescription {
            pad(inner, &output)
            output.append(listing.longDescriptionIsHTML ? "<groundspeak:long_description html=\"True\">"
                          : "<groundspeak:long_description html=\"False\">")
            output.appendEscaped(description, escaped)
            output.append("</groundspeak:long_description>\n")
        }
        element("groundspeak:encoded_hints", listing.hint, indent: inner, to: &output)
        writeLogs(listing.logs, indent: inner, to: &output)
        writeTravelBugs(of: cache, digest: digest, indent: inner, to: &output)
        pad(indent, &output)
        output.append("</groundspeak:cache>\n")
    }

    /// `<groundspeak:attributes>` with the listing's attributes in Groundspeak's
    /// numbering (Opencaching's own numbering means other attributes to a Groundspeak
    /// reader, so those are left out, and so is one whose id is not a number, which no
    /// reader could tell the meaning of: ``writes(_:)``); nothing when there are none.
    static func writeAttributes(_ attributes: [CacheAttribute], indent: Int, to output: inout BufferedWriter) {
        let written = attributes.filter(writes)
        guard !written.isEmpty else { return }
        pad(indent, &output)
        output.append("<groundspeak:attributes>\n")
        for attribute in written {
            pad(indent + 2, &output)
            output.append("<groundspeak:attribute id=\"")
            output.append(text: attribute.id)
            output.append(attribute.isOn ? "\" inc=\"1\">" : "\" inc=\"0\">")
            output.appendEscaped(attribute.name, escaped)
            output.append("</groundspeak:attribute>\n")
        }
        pad(indent, &output)
        output.append("</groundspeak:attributes>\n")
    }

    /// `<groundspeak:logs>`: each log with its own id (a log without one gets minus its
    /// position, which ``GPXReader`` reads as no id) and its finder's (0 for none).
    static func writeLogs(_ logs: [CacheLog], indent: Int, to output: inout BufferedWriter) {
        guard !logs.isEmpty else { return }
        pad(indent, &output)
        output.append("<groundspeak:logs>\n")
        for (number, log) in logs.enumerated() {
            pad(indent + 2, &output)
            output.append("<groundspeak:log id=\"")
            if let id = numericID(log.id) {
                output.append(text: id)
            } else {
                output.append("-")
                output.append(decimal: number + 1)
            }
            output.append("\">\n")
            element("groundspeak:date", UTCTime.canonical(log.date), indent: indent + 4, to: &output)
            element("groundspeak:type", log.type, indent: indent + 4, to: &output)
            pad(indent + 4, &output)
            output.append("<groundspeak:finder id=\"")
            output.append(text: numericID(log.finderID) ?? "0")
            output.append("\">")
            output.appendEscaped(log.finder, escaped)
            output.append("</groundspeak:finder>\n")
            pad(indent + 4, &output)
            output.append(log.isEncoded ? "<groundspeak:text encoded=\"True\">" : "<groundspeak:text encoded=\"False\">")
            output.appendEscaped(log.text, escaped)
            output.append("</groundspeak:text>\n")
            pad(indent + 2, &output)
            output.append("</groundspeak:log>\n")
        }
        pad(indent, &output)
        output.append("</groundspeak:logs>\n")
    }

    /// The travel bugs as they came, each with its own id (when it is a number) and
    /// reference; a reward that
    /// neither they nor the listing give (``GPXReader/WaypointDraft/listingReward(container:type:)``,
    /// `Type: Geocache` for a listing without a container or type) is one more, with the
    /// digest's last nine digits as its id.
    static func writeTravelBugs(of cache: GeoCache, digest: UInt64, indent: Int, to output: inout BufferedWriter) {
        let listing = cache.listing
        let bugs = listing.travelBugs
        let given = bugs.isEmpty ? GPXReader.WaypointDraft.listingReward(
            container: GPXReader.WaypointDraft.containerName(listing.container), type: listing.type)
            : bugs.map(\.name).joined(separator: ", ")
        var written = bugs
        if cache.reward != given {
            let ref = "TB" + GeoCache.interchangeCode(digest: digest).dropFirst(2)
            written.append(TravelBug(id: String(digest % 1_000_000_000), ref: ref, name: cache.reward))
        }
        guard !written.isEmpty else { return }
        pad(indent, &output)
        output.append("<groundspeak:travelbugs>\n")
        for bug in written {
            pad(indent + 2, &output)
            // The schema types the id as a number: one that is not (another tool's
            // `abc`, or none) is left out, the reference and name kept.
            output.append("<groundspeak:travelbug")
            if let id = schemaInteger(bug.id) {
                output.append(" id=\"")
                output.append(text: id)
                output.append("\"")
            }
            output.append(" ref=\"")
            output.appendEscaped(bug.ref, attributeEscaped)
            output.append("\">\n")
            element("groundspeak:name", bug.name, indent: indent + 4, to: &output)
            pad(indent + 2, &output)
            output.append("</groundspeak:travelbug>\n")
        }
        pad(indent, &output)
        output.append("</groundspeak:travelbugs>\n")
    }
}
