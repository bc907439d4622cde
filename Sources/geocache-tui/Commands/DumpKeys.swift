import ArgumentParser
import GeoTUI

extension GeocacheTUICommand {
    /// `geocache-tui dump-keys` (hidden): every key of the form as tab-separated lines,
    /// `SECTION<TAB>KEYS<TAB>DESCRIPTION`, for scripts/make-manual.py to put in the man page.
    struct DumpKeys: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "dump-keys",
            abstract: CommandHelp.DumpKeys.abstract,
            shouldDisplay: false
        )

        func run() throws {
            for section in FormKeyReference.sections {
                for entry in section.entries {
                    try CommandOutput.output(line: [section.title, entry.keys, entry.description].joined(separator: "\t"))
                }
            }
        }
    }
}
