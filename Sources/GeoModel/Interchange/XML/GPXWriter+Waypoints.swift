extension GPXWriter {
    /// The GPX `<type>` of an additional waypoint of kind `kind`: "Waypoint|Parking Area".
    static func waypointType(_ kind: String) -> String {
        "Waypoint|" + kind
    }

    /// An additional waypoint as its own `<wpt>`, shaped as the entries of a pocket
    /// query's `-wpts.gpx`: `time`, `name` (its code), `cmt` (its comment), `desc` (its
    /// name), the web page, `sym` and `type` ("Waypoint|KIND"), and the code of the cache
    /// it belongs to as `gsak:Parent` (in `<extensions>` for GPX 1.1). Nothing for a
    /// waypoint without a place: GPX needs one.
    static func writeAdditional(_ waypoint: AdditionalWaypoint, parent: String, version: Version,
                                to output: inout BufferedWriter) {
        guard let coordinate = waypoint.coordinate else { return }
        output.append("  <wpt lat=\"")
        output.append(text: coordinate.latitudeText)
        output.append("\" lon=\"")
        output.append(text: coordinate.longitudeText)
        output.append("\">\n")
        element("time", waypoint.time.flatMap(UTCTime.gpxTime), indent: 4, to: &output)
        element("name", waypoint.code, indent: 4, to: &output)
        element("cmt", waypoint.comment, indent: 4, to: &output)
        element("desc", waypoint.name, indent: 4, to: &output)
        switch version {
        case .gpx10:
            element("url", waypoint.url, indent: 4, to: &output)
            element("urlname", waypoint.urlName, indent: 4, to: &output)
        case .gpx11:
            if waypoint.url != nil { writeLink(url: waypoint.url, text: waypoint.urlName ?? "", version: version, to: &output) }
        }
        element("sym", waypoint.shownSymbol, indent: 4, to: &output)
        element("type", waypointType(waypoint.kind), indent: 4, to: &output)
        let indent = version == .gpx11 ? 6 : 4
        if version == .gpx11 { output.append("    <extensions>\n") }
        pad(indent, &output)
        output.append("<gsak:wptExtension>\n")
        element("gsak:Parent", parent, indent: indent + 2, to: &output)
        pad(indent, &output)
        output.append("</gsak:wptExtension>\n")
        if version == .gpx11 { output.append("    </extensions>\n") }
        output.append("  </wpt>\n")
    }
}
