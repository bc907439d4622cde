/// How much of a zip archive (a pocket query's zip, a GGZ) the import reads: beyond any
/// of these the whole archive is refused before a cache from it is stored.
///
/// The GPX inside is then read with the GPX reader's own limits (16 MiB in one text,
/// 256 levels deep); these bound what unpacking can cost: memory (the archive is held
/// whole), time (every entry is unpacked once to be checked) and a zip bomb's growth.
struct ArchiveLimits: Sendable {
    /// The most bytes an archive may have (it is held in memory while it is read).
    var archiveBytes = 256 << 20
    /// The most entries, directories included.
    var entries = 1000
    /// The most bytes one entry may unpack to.
    var entryBytes = 512 << 20
    /// The most bytes all the entries together may unpack to.
    var totalBytes = 2 << 30
    /// The most times the unpacked bytes may be the archive's size: GPX packs about ten
    /// to one, a zip bomb a thousand to one.
    var ratio = 100
    /// Below this many unpacked bytes the ratio is not checked (a tiny archive of a
    /// few kilobytes may pack better than usual and costs nothing).
    var ratioFloor = 16 << 20
    /// The most bytes a GGZ's index may have.
    var indexBytes = 64 << 20

    /// The limits every import uses.
    static let standard = ArchiveLimits()
}
