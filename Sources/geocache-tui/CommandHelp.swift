/// Every help text of the commands, in one place, as the sentences they print while
/// they run are in ``CommandText``: each command's abstract and discussion, and the help
/// of each of its options, flags and arguments. `--help`, and the man page made from it
/// (scripts/make-manual.py), show them as they are written here.
enum CommandHelp {
    /// `geocache-tui` itself (``GeocacheTUICommand``).
    enum Root {
        /// The program's one line, under its name.
        static let abstract = "Keep a list of geocaches in a terminal form, or script it."
        /// What runs without a subcommand, and where the caches live.
        static let discussion = """
            Without a subcommand, opens the interactive form. The caches live in one \
            SQLite file, or in a PostgreSQL database shared by many hosts: --store PATH \
            or --store postgres://USER@HOST:PORT/DBNAME, else $GEOCACHE_STORE, else \
            $XDG_DATA_HOME/geocache-tui/caches.sqlite (~/.local/share/geocache-tui/caches.sqlite).
            """
    }

    /// `--store`, before or after any subcommand (``StoreOptions``).
    enum Store {
        /// `--store PATH-OR-URL`.
        static let store = "The store: an SQLite file, or postgres://USER@HOST:PORT/DBNAME for a shared "
            + "PostgreSQL database (default: $GEOCACHE_STORE, else $XDG_DATA_HOME/geocache-tui/caches.sqlite)."
    }

    /// Where you stand, for the form (``PositionOptions``).
    enum Position {
        /// `--gps [HOST:PORT]`.
        static let gps = "Read where you stand from gpsd at HOST:PORT (default: localhost:2947 when given "
            + "without a value)."
        /// `--home COORD`.
        static let home = "A fixed position for when there is no GPS fix, in any geocacher's form "
            + "(default: $GEOCACHE_HOME). Used for distances and nearest first, never stamped on a cache."
    }

    /// How `edit` and `delete` name their cache (``CacheTarget``).
    enum Target {
        /// `--position N`.
        static let position = "The cache at this 1-based position in stored order (see list --numbered)."
        /// `--id N`.
        static let id = "The cache with this identifier (see list --ids)."
        /// `--code CODE`.
        static let code = "The cache with this code, such as GC1A2B3 (see list --codes)."
    }

    /// `--gps HOST:PORT` of `list` and `sync`: where `--near gps` asks for a fix.
    static let nearGPS = "Where gpsd listens, for --near gps (default: localhost:2947)."

    /// `--quiet` of `import` and `export`: no ``ProgressLine``.
    static let quiet = "Draw no progress line on standard error, even on a terminal."

    /// `geocache-tui interactive` (``GeocacheTUICommand/Interactive``).
    enum Interactive {
        /// The command's one line.
        static let abstract = "Open the full-screen form (the default)."
    }

    /// `geocache-tui add` (``GeocacheTUICommand/Add``).
    enum Add {
        /// The command's one line.
        static let abstract = "Add one cache to the store."
        /// What is stored, what is refused, and field mode.
        static let discussion = """
            Every field must hold something other than whitespace; otherwise the empty \
            fields are named on standard error and the exit status is 1. The cache is \
            committed to disk before the command returns, with a code of its own \
            (GT and seven letters and digits; see list --codes). --at gives its \
            coordinates as geocachers write them: "N47 22.123 E008 32.456", \
            "47.368717, 8.540933" or 47°22'07.4"N 8°32'27.4"E; a wrong one is refused \
            naming what is wrong, and nothing is stored. Prints nothing on success. \
            On a club store, a write whose reply was lost is looked up and reported as it \
            happened (exit status 0 when it was stored); when the server cannot be asked in \
            time, the exit status is 75 and the message says it is not known. \
            On a club store that cannot be reached (field mode), the change is kept on this \
            machine and delivered, in order and exactly once, by the next command on that store or by \
            sync; standard error says so ("kept on this machine: 2 changes waiting for the club \
            store") and the exit status is 0.
            """
        /// `--title`.
        static let title = "A title for the geocache."
        /// `--details`.
        static let details = "Additional details: where it is, what to look for."
        /// `--creator`.
        static let creator = "The name of the person who hid it."
        /// `--reward`.
        static let reward = "What can be found at the cache."
        /// `--at COORDINATES`.
        static let at = "Where the cache is, e.g. \"N47 22.123 E008 32.456\"."
    }

    /// `geocache-tui list` (``GeocacheTUICommand/List``).
    enum List {
        /// The command's one line.
        static let abstract = "Print every cache (or those matching --match), in stored order or nearest first."
        /// The lines and the JSON, each option, and the copy shown in field mode.
        static let discussion = """
            One line per cache: title, details, creator and reward separated by tabs, \
            with backslash, tab, newline, carriage return and other control characters \
            escaped (\\\\, \\t, \\n, \\r, \\u{1B}), as are the controls that reorder text \
            (\\u{202E}), on a terminal and in a pipe alike. With --json (where they are \
            \\u202e, as JSON writes them), a pretty-printed UTF-8 \
            JSON array of the caches' dictionaries, keys in alphabetical order (code, creator, details, \
            reward, title, and the place and listing facts a cache has), then the club's \
            (owner, changedBy, changedAt) and your own data (found, note, correctedLatitude, \
            correctedLongitude) where there are some. \
            --match TEXT keeps the caches with TEXT in any field, ignoring case and \
            accents ("zurich" finds "Zürich"), as the screen's search does. --numbered \
            and --ids start each line with the cache's position or identifier and a \
            tab: what edit and delete take as --position and --id; --codes starts it \
            with the cache's code (for --code). --near COORDINATES (or --near gps, \
            the position gpsd reports, on localhost:2947 or --gps HOST:PORT) prints \
            the caches nearest first, each line starting with the distance and the \
            bearing from there ("1.24 km<TAB>NE"; "-<TAB>-" for caches without \
            coordinates, which come last). --limit N prints the first N; --within \
            DISTANCE (5km, 500m, 3mi), with --near, only the caches that near. \
            --status, --type, --container, --difficulty and --terrain keep only the \
            caches they name (commas between several values; ratings as 1-2.5), all \
            together: a cache that does not say (no type, no rating) is left out; \
            --numbered keeps the positions of stored order. \
            When a club store cannot be reached, the copy of its caches kept on this \
            machine by sync is listed instead, every option working on it, after a line \
            on standard error saying how old it is ("club store away; showing the copy \
            of 2 h ago"); without a copy, the command fails as before.
            """
        /// `--json`.
        static let json = "Print a JSON array of the caches' dictionaries instead of lines."
        /// `--match TEXT`.
        static let match = "Only the caches with this text in a field (case and accents ignored)."
        /// `--numbered`.
        static let numbered = "Start each line with the cache's position in stored order (for edit/delete --position)."
        /// `--ids`.
        static let ids = "Start each line with the cache's identifier (for edit/delete --id)."
        /// `--codes`.
        static let codes = "Start each line with the cache's code (for edit/delete --code)."
        /// `--near COORDINATES|gps`.
        static let near = "Nearest first from these coordinates, or from the GPS position (gps)."
        /// `--limit N`.
        static let limit = "Print at most this many caches."
    }

    /// `geocache-tui edit` (``GeocacheTUICommand/Edit``).
    enum Edit {
        /// The command's one line.
        static let abstract = "Change fields of one cache."
        /// Naming the cache, what is written, and field mode.
        static let discussion = """
            Name the cache with --position, --id or --code; the fields not given keep \
            their value, and so do its code and listing. --at COORDINATES moves it \
            (as add --at takes them), --at none removes its place. The result must be valid like a new cache: a field left empty (or \
            only whitespace) is named on standard error and nothing is written. If \
            another process changes or deletes the cache while the edit runs, nothing \
            is written and the exit status is 1. Prints nothing on success. \
            On a club store, a write whose reply was lost is looked up and reported as it \
            happened (exit status 0 when it was stored); when the server cannot be asked in \
            time, the exit status is 75 and the message says it is not known. \
            A script that retries names the cache with --code: a position may name \
            another cache by then. \
            On a club store that cannot be reached (field mode), the edit is kept on this \
            machine and delivered, in order and exactly once, by the next command on that store or by \
            sync; standard error says so ("kept on this machine: 2 changes waiting for the club \
            store") and the exit status is 0. The cache is then named in the copy kept by sync \
            (--position and --id count there), or by --code among the adds waiting too. \
            On a club store with rules (club init), a member changes their own caches; a \
            keeper changes any and hands one to a member or to the club with --owner ROLE \
            or --owner club. Anything else is refused with exit status 77 and nothing changes.
            """
        /// `--owner`.
        static let owner = "Hand the cache to the member ROLE, or to the club (\"club\"): a keeper's change."
        /// `--title`.
        static let title = "The new title."
        /// `--details`.
        static let details = "The new details."
        /// `--creator`.
        static let creator = "The new creator."
        /// `--reward`.
        static let reward = "The new reward."
        /// `--at COORDINATES` or `--at none`.
        static let at = "Where the cache is now, or \"none\" for no place."
    }

    /// `geocache-tui club` (``GeocacheTUICommand/Club``).
    enum Club {
        /// The command's one line.
        static let abstract = "Set up a club store's rules: who may change what."
        /// What the rules are.
        static let discussion = """
            The rules of a club store (postgres://...) are kept by the server: a member adds \
            caches and changes or deletes their own; an import refreshes the club's caches; \
            keepers change any cache and hand caches over (edit --owner). See docs/usage.md.
            """
        /// `club init`'s one line.
        static let initAbstract = "Set up the club's roles, grants and rules (run once by its admin)."
        /// `club init`'s discussion.
        static let initDiscussion = """
            Run by a role that may create roles (the club's admin), on an empty database or \
            an existing club store: makes the tables as the first connection would, the \
            group roles DB_member and DB_keeper (DB the database's name), the grants and the \
            rules; takes the tables over from the role that owned them before. The caches \
            stored so far belong to the club until a keeper hands them over. Run again, it \
            changes nothing. A role that may not create roles exits with status 77.
            """
    }

    /// `geocache-tui delete` (``GeocacheTUICommand/Delete``).
    /// `geocache-tui log` (``GeocacheTUICommand/Log``).
    enum Log {
        static let abstract = "Log a visit to a cache: found, dnf, note, maintenance, ..."
        static let discussion = """
            TYPE is found (Found it), dnf (Didn't find it), note (Write note), maintenance \
            (Needs Maintenance), archive (Needs Archived), attended (Attended), webcam \
            (Webcam Photo Taken) or unattempted (Unattempted): the log types field notes \
            carry. The time is now unless --time gives it, in UTC as ISO 8601 \
            (2026-11-28T10:32Z, with seconds, or with an offset such as +01:00); a time \
            without a zone is refused. A visit is your own: an import of caches never \
            changes it, and on a club store it is kept to your role. A visit to a code that \
            is not stored is kept all the same (standard error says so). A Found it, \
            Attended or Webcam Photo Taken marks the cache found on that day unless it was \
            found earlier. The same visit logged twice (code, type and text within one \
            minute) is kept once: the second prints "Already logged". Prints "Logged TYPE on CODE at TIME". \
            On a club store that cannot be reached (field mode), the visit is kept on this \
            machine and delivered exactly once by the next command on that store or by sync; \
            standard error says so and the exit status is 0. export --format fieldnotes \
            writes the visits for geocaching.com's field-note upload.
            """
        static let code = "The cache's code (GC1A2B3, OC12AB, ...)."
        static let type = "found, dnf, note, maintenance, archive, attended, webcam or unattempted."
        static let text = "What you write about the visit (may be left out)."
        static let time = "When it happened, in UTC: 2026-11-28T10:32Z (default: now)."
    }

    /// `geocache-tui own` (``GeocacheTUICommand/Own``).
    enum Own {
        static let abstract = "Show or set your own data on a cache: found, note, final coordinates; show your visits."
        static let discussion = """
            Your own data on a cache is kept apart from its listing: a newer pocket query \
            never changes it, and on a club store it is your role's alone. Without options, \
            prints it: the code, then "found" and the time (or "no"), "final" and your \
            corrected coordinates, "note" and your note, one per line, tab-separated \
            (a tab, line break or backslash in the note escaped as list escapes a field), \
            then "visit", its UTC time, its kind and its text for each visit you logged to \
            it, newest first. \
            --final sets corrected coordinates (a solved puzzle's final): distance, bearing, \
            nearest first, list --near and the exports for a GPS use them, and GPX keeps the \
            listing's beside them. --found sets when you found it (a date alone is its \
            midnight in UTC); none removes a final or a found mark, and an empty --note \
            removes the note. The code need not be stored. Prints the data as kept. Field \
            mode keeps the change on this machine, as for every write.
            """
        static let code = "The cache's code."
        static let note = "Your note on the cache (empty removes it)."
        static let final = "Your corrected coordinates, or none to remove them."
        static let found = "When you found it (2026-11-28, or a UTC time), or none."
    }

    enum Delete {
        /// The command's one line.
        static let abstract = "Delete one cache."
        /// Naming the cache, what is printed, and field mode.
        static let discussion = """
            Name the cache with --position, --id or --code. The deleted cache is printed as \
            `list` prints it, so a script can log what it removed. If another process \
            changes or deletes it while the command runs, nothing is deleted and the \
            exit status is 1. \
            On a club store, a write whose reply was lost is looked up and reported as it \
            happened (exit status 0 when it was stored); when the server cannot be asked in \
            time, the exit status is 75 and the message says it is not known. \
            A script that retries names the cache with --code: after a delete, \
            --position 1 names the next cache. \
            On a club store that cannot be reached (field mode), the delete is kept on this \
            machine and delivered, in order and exactly once, by the next command on that store or by \
            sync; standard error says so ("kept on this machine: 2 changes waiting for the club \
            store") and the exit status is 0. The cache is then named in the copy kept by sync \
            (--position and --id count there), or by --code among the adds waiting too; \
            the line printed is the version deleted.
            """
    }

    /// The finder's filters of `list` and `export` (``FilterOptions``).
    enum Filter {
        static let status = "Only caches of these statuses: available, disabled, archived."
        static let type = "Only caches of these types (any case): Traditional Cache, Multi-cache, ..."
        static let container = "Only caches of these sizes (any case): Micro, Small, Regular, ..."
        static let difficulty = "Only caches whose difficulty is in this range: 1-2.5, or 3 alone."
        static let terrain = "Only caches whose terrain is in this range: 3-5, or 2 alone."
        static let within = "With --near: only caches at most this far away (5km, 500m, 3mi)."
        static let found = "Only the caches you found (a Found it visit, or marked found)."
        static let notFound = "Only the caches you have not found yet."
    }

    /// `geocache-tui export` (``GeocacheTUICommand/Export``).
    enum Export {
        /// The command's one line.
        static let abstract = "Write every cache as JSON, GPX (1.0 or 1.1) or LOC, in stored order or nearest first."
        /// `--near`.
        static let near = "Write the caches nearest first from these coordinates, or from gps (gpsd's fix)."
        /// The formats, `--output`, the progress line and the signals.
        static let discussion = """
            json (the default): a pretty-printed UTF-8 array of objects with the keys \
            title, details, creator and reward (the lab's dictionary form), then the \
            cache's code and whatever place and listing it has. gpx: a GPX 1.0 \
            document with the Groundspeak cache extension that geocaching tools import: \
            each cache's code, coordinates, listing, attributes and logs with their ids, \
            then its additional waypoints (parking, stages, ...). gpx11: the same as GPX \
            1.1, the extension inside <extensions> as geocaching.com's GPX 1.1 pocket \
            queries carry it. loc: geocaching.com's LOC \
            file, each cache as its code, "TITLE by CREATOR", coordinates, link, \
            difficulty, terrain and container (LOC has no room for details or reward), \
            then its additional waypoints as entries of their own. \
            GPX and LOC need a position: caches without coordinates are left out, and \
            standard error says how many. --status, --type, --container, --difficulty \
            and --terrain write only the caches they name, as list's do; --near \
            COORDINATES (or gps) writes them nearest first from there, and --within \
            DISTANCE only those that near. docs/usage.md lists how the \
            fields map. JSON and GPX import back unchanged with `geocache-tui import`. With --output, a regular file is replaced only \
            once the whole export is written (a symbolic link is followed to its target); \
            a device or FIFO such as /dev/null is written into. The store itself, any \
            other geocache-tui store and a directory are refused. On a terminal, standard \
            error shows a progress line (caches written of the total, rate, time left) \
            once the export has run for half a second; it is erased at the end. --quiet \
            leaves it out, and so does an export to standard output on a terminal. \
            SIGINT, SIGTERM or SIGHUP ends the export at once, removing its temporary \
            file (the target is left as it was); the exit status is 128 + the signal's \
            number. \
            Your own data goes with the caches: --found and --not-found choose by it (an \
            export for a GPS can leave out what you found), GPX and LOC write a corrected \
            place as the cache's (GPX keeps the listing's in gsak:LatBeforeCorrect and \
            gsak:LonBeforeCorrect, your note in gsak:GcNote) and GPX writes a found cache's \
            symbol as "Geocache Found". fieldnotes: your visits as a Garmin writes \
            geocache_visits.txt (UTF-16LE with a byte-order mark, CRLF, one visit a line), \
            which geocaching.com's field-note upload takes: those not exported yet, or \
            every one with --all; a visit is marked exported once an export to a file has \
            completed (not to standard output). Filters do not apply to field notes.
            """
        /// `--format`.
        static let format = "json, gpx, gpx11, loc or fieldnotes."
        /// `--all`.
        static let all = "With --format fieldnotes: every visit, also those exported before."
        /// `--output FILE`.
        static let output = "Write to this file instead of standard output."
    }

    /// `geocache-tui import` (``GeocacheTUICommand/Import``).
    enum Import {
        /// The command's one line.
        static let abstract = "Add the caches of JSON, GPX or LOC files (or standard input) to the store."
        /// The formats, codes and duplicates, the one transaction, the signals and the
        /// progress line, and the club store.
        static let discussion = """
            The format is detected from the content: '[' starts the lab's JSON array, \
            '<' starts XML: GPX (1.0 or 1.1, Groundspeak cache extension under <wpt> or in \
            <extensions>, or plain geocache waypoints) or a geocaching.com LOC file; a zip \
            archive is a pocket query's zip (its .gpx files, NNN.gpx before NNN-wpts.gpx) \
            or a GGZ (the data files its index names, each checked against the archive), \
            every entry checked first: an archive that is damaged, encrypted, a zip bomb or \
            beyond a limit is refused whole (limits in docs/usage.md). A \
            cache whose file names no owner gets the file's author as creator, else \
            "unknown"; the summary says how many. A cache's code is its identity: a cache \
            whose code is stored updates that cache when the file's version differs \
            (the summary says "updated N, unchanged M"; a LOC file changes only what \
            it carries), unless --keep-existing is given. All files are imported in one transaction: if any file is \
            unreadable or malformed, nothing is stored. The input is read and checked whole (into a \
            temporary file under $TMPDIR, else /var/tmp) before the store is locked, so an import \
            waiting on a pipe or terminal keeps no other session from writing. A cache identical in all four \
            fields to a stored one, or to one read earlier, is skipped as a duplicate; \
            waypoints that are not geocaches are skipped. An element or waypoint that \
            cannot become a valid cache cancels the whole import, unless --skip-invalid \
            is given: then the valid caches are stored and the invalid ones listed on \
            standard error, and of several files one that cannot be read (missing, \
            not GPX, LOC or JSON, malformed) is left out whole, named on standard \
            error and in the summary. The summary line goes to standard output. SIGINT, SIGTERM \
            or SIGHUP before the commit rolls the import back (one line on standard \
            error); after it, the summary is still printed; the exit status is then \
            128 + the signal's number. On a terminal, standard error shows a progress \
            line (bytes read of the total, caches, rate, time left) once the import has \
            run for half a second; it is erased at the end. --quiet leaves it out. On a \
            club store, an import whose COMMIT reply was lost is looked up and reported as \
            it happened (exit status 0 when it was stored); when the server cannot be asked \
            in time, the exit status is 75 and the message says it is not known. An import \
            is never kept on this machine for later: while a club store cannot be reached it \
            is refused with a line saying so (exit status 1), and nothing is imported.
            """
        /// `--skip-invalid`.
        static let skipInvalid = "Store the valid caches and list the invalid ones instead of importing nothing."
        /// `--keep-existing`.
        static let keepExisting = "Leave a stored cache as it is when the file has a cache with its code."
        /// The files to import.
        static let files = "JSON, GPX or LOC files; - reads standard input."
    }

    /// `geocache-tui sync` (``GeocacheTUICommand/Sync``).
    enum Sync {
        /// The command's one line.
        static let abstract = "Deliver the changes kept on this machine to the club store and refresh its copy here."
        /// Field mode, conflicts, `--status`, and a server that cannot be reached.
        static let discussion = """
            For a club store (postgres://...). When the server cannot be reached, add, edit \
            and delete keep their changes on this machine, and list shows the copy of the \
            club's caches kept here. sync delivers the changes waiting, in order and each \
            exactly once, then replaces the copy with the club's caches: all of them, or \
            with --within DISTANCE --near COORDINATES|gps those within that distance \
            (50km, 500m, 2.5km). A summary goes to standard output. A queued edit or \
            delete whose cache was changed or deleted on the server meanwhile is a \
            conflict: each field either side changed is printed as the change's base, \
            the server and you have it, it stays on this machine, and the exit status is 1 \
            until you decide: --discard N gives change N up, --overwrite N applies your \
            changes to the server's version (the fields you did not change keep the \
            server's values) and delivers it. --status lists what waits (sequence, kind, \
            code, title, when it was queued, conflict) and the copy's age and size, \
            without the network. When the server cannot be reached, sync says so, \
            the changes keep waiting and the copy stays as it was (a change given \
            --overwrite stays marked to win), and the exit status is 69. When the server \
            answers as another club database than the one this machine's copy and kept \
            changes came from (re-created, another server on the port), nothing is \
            delivered or replaced and the exit status is 78; --adopt-club takes that \
            database as the club's.
            """
        /// `--status`.
        static let status = "List the changes waiting on this machine and the copy's age and size; no network needed."
        /// `--discard N`.
        static let discard = "Give up the waiting change with this number (see --status; f2 for a visit or your own data)."
        /// `--overwrite N`.
        static let overwrite = "Apply the waiting change with this sequence number to the server's version (your "
            + "changed fields win, the others stay the server's), then deliver."
        /// `--adopt-club`.
        static let adoptClub = "Take the database the club store's URL reaches now as the club's (after exit status "
            + "78): its caches replace the copy; the kept changes stay waiting (--status, --discard N), sent by the next sync."
        /// `--within DISTANCE`.
        static let within = "Keep in the copy only the caches within this distance of --near (50km, 500m, 3mi)."
        /// `--near COORDINATES|gps`.
        static let near = "Where --within measures from: coordinates, or the GPS position (gps)."
    }

    /// `geocache-tui dump-keys`, hidden (``GeocacheTUICommand/DumpKeys``).
    enum DumpKeys {
        /// The command's one line.
        static let abstract = "Print every key of the form, for the manual."
    }
}
