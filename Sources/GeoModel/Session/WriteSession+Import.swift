/// Imports: a bulk write is sent or refused, never kept on this machine.
extension WriteSession {
    /// Why a write was neither sent nor kept.
    public enum NotKept: Error, Equatable, Sendable, CustomStringConvertible {
        /// An import while the club store cannot be reached (`error` says why): imports
        /// are not kept on this machine (a pocket query is fetched again far more easily
        /// than it is merged late). Nothing was imported.
        case importWhileUnreachable(StoreError)
        /// A replacement of every cache while the club store cannot be reached (`error`
        /// says why): nothing was replaced.
        case replaceWhileUnreachable(StoreError)
        /// A hand-over of a cache while the club store cannot be reached (`error` says
        /// why): who owns a cache is the club's record, never changed on a copy.
        case handOverWhileUnreachable(StoreError)
        /// A write to keep on this machine (the club store cannot be reached, `because`)
        /// that the outbox's file could not take (`reason`): nothing was kept or stored.
        case couldNotKeep(because: StoreError, reason: String)

        /// One sentence for standard error or the form's pane.
        public var description: String {
            switch self {
            case .importWhileUnreachable(let error), .replaceWhileUnreachable(let error),
                 .handOverWhileUnreachable(let error):
                "\(error)"
            case .couldNotKeep(let error, let reason):
                "\(error.path) cannot be reached, and the change could not be kept on this machine either: \(reason)"
            }
        }
    }

    /// Imports every cache read from `sources` in one write
    /// (``CacheStore/importCaches(from:skipInvalid:existing:interruption:as:)``).
    /// - Throws: ``NotKept/importWhileUnreachable(_:)`` when the club store cannot be
    ///   reached, before or during the import; ``ImportError``; the ``StoreError``s
    ///   that are not outcomes.
    public func importCaches(from sources: [ImportSource], skipInvalid: Bool, existing: ExistingCaches,
                             interruption: ImportInterruption?) throws -> WriteResult<ImportReport> {
        if let unreachable, files != nil { throw NotKept.importWhileUnreachable(unreachable) }
        do {
            return .stored(try readStore().importCaches(from: sources, skipInvalid: skipInvalid, existing: existing,
                                                        interruption: interruption, as: WriteID()))
        } catch let error as StoreError {
            switch error {
            case .outcomeUnknown: return .outcomeUnknown(error)
            case .locked(_, let holder): return .lockHeld(holder: holder)
            case _ where keepRule(error):
                unreachable = error
                throw NotKept.importWhileUnreachable(error)
            case _ where error.meansTheServerRefusedTheWrite: return .refused(error)
            default: throw error
            }
        }
    }
}
