/// Where an imported cache's creator came from when its waypoint named no owner.
public enum CreatorFallback: Sendable, Equatable {
    /// The file's author (GPX `<author>`, or `<metadata><author><name>`).
    case fileAuthor
    /// Nobody: the creator is ``unknownCreator``.
    case unknown

    /// The creator given to a cache whose owner no one named.
    public static let unknownCreator = "unknown"
}
