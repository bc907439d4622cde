import Foundation

extension GPXReader.Delegate.Target {
    /// What holds at most one element read into a target.
    enum Scope: Sendable {
        /// The waypoint: GPX 1.0 and 1.1 give each of a `<wpt>`'s elements (`<name>`,
        /// `<time>`, `<desc>`, `<sym>`, `<type>`…) at most once, and the Groundspeak,
        /// TerraCaching, GSAK and Opencaching schemas each of a listing's (`owner`,
        /// `difficulty`, `encoded_hints`…); so does a LOC `<waypoint>`.
        case waypoint
        /// One log: its date, type, finder and text.
        case log
        /// One travel bug: its name.
        case travelBug

        /// How the reason names where the element was repeated, after the element.
        var within: String {
            switch self {
            case .waypoint: ""
            case .log: " in one log"
            case .travelBug: " in one travel bug"
            }
        }

        /// What holds one, as the reason names it.
        var holder: String {
            switch self {
            case .waypoint: "a waypoint"
            case .log: "a log"
            case .travelBug: "a travel bug"
            }
        }
    }

    /// What may hold only one element read into this target; nil where there may be
    /// several: a GPX 1.1 `<link>`'s text (a waypoint may have several links; the
    /// first one's is read), an attribute's name (its element is the attribute, one
    /// of many), the file's author and time (outside the waypoints).
    var scope: Scope? {
        switch self {
        case .logDate, .logType, .logFinder, .logText: .log
        case .travelBugName: .travelBug
        case .linkText, .attributeName, .fileAuthor, .fileTime: nil
        default: .waypoint
        }
    }

    /// This target's bit in ``GPXReader/WaypointDraft/onceRead``.
    var bit: UInt64 { 1 << UInt64(rawValue) }

    /// The bits of a log's fields: cleared when the next log starts.
    static let logBits: UInt64 = [Self.logDate, .logType, .logFinder, .logText].reduce(0) { $0 | $1.bit }
}

extension GPXReader {
    /// A second element where a waypoint, one of its logs or one of its travel bugs may
    /// hold one: the waypoint is rejected, rather than the last one taken unsaid.
    struct RepeatedElement: Sendable {
        /// The element's name as the file writes it: `name`, `groundspeak:owner`.
        let name: String
        /// The line the second one starts on.
        let line: Int
        let scope: Delegate.Target.Scope

        /// "holds a second <name> (line 4): a waypoint has one, so it is not imported".
        var reason: String {
            "holds a second <\(name)>\(scope.within) (line \(line)): \(scope.holder) has one, so it is not imported"
        }
    }
}

extension GPXReader.Delegate {
    /// The element starting, on `line`, to be read into `target` inside a waypoint:
    /// true when the waypoint (or the log or travel bug being read) may take it,
    /// false when it is a second one where there may be one. The first such element is
    /// kept in the draft (``GPXReader/WaypointDraft/repeatedElement``), which rejects
    /// the waypoint; the second's text is not read, so the record names the first
    /// `<name>`. The one place every element the reader keeps is checked.
    func takesOnce(_ target: Target, localName: UnsafeBufferPointer<UInt8>, prefix: XMLStreamParser.CString?,
                   line: Int) -> Bool {
        guard let scope = target.scope, let read = draft?.onceRead else { return true }
        guard read & target.bit != 0 else {
            draft?.onceRead = read | target.bit
            return true
        }
        if draft?.repeatedElement == nil {
            draft?.repeatedElement = GPXReader.RepeatedElement(name: Self.qualifiedName(localName, prefix: prefix),
                                                               line: line, scope: scope)
        }
        return false
    }
}
