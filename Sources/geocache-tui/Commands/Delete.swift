import ArgumentParser
import GeoModel

extension GeocacheTUICommand {
    /// `geocache-tui delete`: deletes one cache.
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete one cache.",
            discussion: """
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
        )

        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var target: CacheTarget

        func run() throws {
            let session = try storeOptions.openSession()
            let target = try session.cache(named: target)
            try session.run { try session.delete(target) }
            print(CommandText.deleted(target.cache))
        }
    }
}
