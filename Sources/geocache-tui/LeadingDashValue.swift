import ArgumentParser

/// Values that begin with `-`, read before the parser sees the line.
///
/// The options that take text, a number or coordinates read their value with
/// `parsing: .unconditional`, so that a value beginning with `-` is a value:
/// `add --details '-5 m from the tree'`, `--at "-33.8, 151.2"`, `sync --discard -1`
/// (then refused with a message of its own, not taken as a missing value). Two things
/// are done first, with the parser's own description of the command (as
/// ``RepeatedOption`` reads it):
///
/// - Such an option followed by a name of one of the command's options (`--details`,
///   `--details=x`, `-o`, `--help`) has no value, as without `.unconditional`:
///   `add --title --details x` is reported as the parser reports an option with nothing
///   after it, `Missing value for '--title <title>'`, with the subcommand's usage
///   (exit 64), rather than storing the title "--details".
/// - Any other value beginning with `-` is joined to its option (`--title=--- x ---`):
///   the parser splits every argument before it reads any, and refuses some that begin
///   with dashes (`---`, `--=x`) as malformed options wherever they stand.
enum LeadingDashValue {
    /// The index in `arguments` of the first option of `options` that reads its value
    /// unconditionally and is followed by the name of one of `options`; nil when there
    /// is none. Values are skipped as the parser reads them, nothing after `--` is an
    /// option, and `--name=value` carries its own value.
    static func firstWithoutValue(in arguments: [String], options: [RepeatedOption.Described]) -> Int? {
        var found: Int?
        visitValues(in: arguments, options: options) { optionIndex, _ in
            guard RepeatedOption.isName(arguments[optionIndex + 1], of: options) else { return true }
            found = optionIndex
            return false
        }
        return found
    }

    /// `arguments` with every value that begins with `-` and follows an option of
    /// `options` that reads its value unconditionally joined to that option, under its
    /// long name: `--title`, `-5 m` becomes `--title=-5 m`. Call it once
    /// ``firstWithoutValue(in:options:)`` has found no option's name in a value's place.
    static func joined(_ arguments: [String], options: [RepeatedOption.Described]) -> [String] {
        var result = arguments
        var joinedAt: [Int] = []
        visitValues(in: arguments, options: options) { optionIndex, option in
            let value = arguments[optionIndex + 1]
            if value.hasPrefix("-") {
                let name = option.spellings.first { $0.hasPrefix("--") } ?? arguments[optionIndex]
                result[optionIndex] = "\(name)=\(value)"
                joinedAt.append(optionIndex + 1)
            }
            return true
        }
        for index in joinedAt.reversed() { result.remove(at: index) }
        return result
    }

    /// `arguments` with every `--name=` of an option of `options` that takes a value
    /// (nothing after the `=`, as `--store="$UNSET"` gives) made `--name` and an empty
    /// argument: the parser took the next argument as its value (`--store= list` opened
    /// a store named `list`), and the option refuses an empty value with its own words.
    static func emptyValuesSeparated(_ arguments: [String], options: [RepeatedOption.Described]) -> [String] {
        var result: [String] = []
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { return result + arguments[index...] }
            let (spelling, hasInlineValue) = RepeatedOption.split(argument)
            if hasInlineValue, argument.hasSuffix("="), argument.count == spelling.count + 1,
               options.contains(where: { $0.takesValue && $0.spellings.contains(spelling) }) {
                result += [spelling, ""]
            } else {
                result.append(argument)
            }
        }
        return result
    }

    /// Calls `body` with the index of each option of `options` that reads its value
    /// unconditionally and has one after it (not `--name=value`), and the option, in
    /// order, while `body` returns true; values are skipped as the parser reads them and
    /// nothing after `--` is looked at.
    private static func visitValues(in arguments: [String], options: [RepeatedOption.Described],
                                    _ body: (Int, RepeatedOption.Described) -> Bool) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { return }
            let (spelling, hasInlineValue) = RepeatedOption.split(argument)
            guard let option = options.first(where: { $0.spellings.contains(spelling) }),
                  option.takesValue, !hasInlineValue, index < arguments.count else { continue }
            if option.valueIsUnconditional, !body(index - 1, option) { return }
            if RepeatedOption.takesAsValue(arguments[index], for: option, among: options) { index += 1 }
        }
    }

    /// The line to parse: `arguments` with the values that begin with `-` joined to
    /// their options (``joined(_:options:)``); exits with the parser's usage error for a
    /// missing value (64) when an option is followed by an option's name instead.
    ///
    /// That error is the parser's own: the line up to the option (the subcommand's name
    /// first) is parsed, and the parser finds the option last, without a value (an
    /// unconditional option at the end of a line always lacks one, so that parse fails).
    ///
    /// - Parameters:
    ///   - arguments: The command line, without the program's name.
    ///   - named: The subcommand the line names (``MeantSubcommand/named(in:)``), nil
    ///     for the form.
    ///   - options: That command's options, `--help` included
    ///     (``RepeatedOption/options(of:)``).
    static func prepared(_ arguments: [String], named: (name: String, command: ParsableCommand.Type)?,
                         options: [RepeatedOption.Described]) -> [String] {
        let arguments = emptyValuesSeparated(arguments, options: options)
        guard let index = firstWithoutValue(in: arguments, options: options) else {
            return joined(arguments, options: options)
        }
        var line = Array(arguments[...index])
        if let name = named?.name {
            if let at = line.firstIndex(of: name) { line.remove(at: at) }
            line.insert(name, at: 0)
        }
        do {
            _ = try GeocacheTUICommand.parseAsRoot(joined(line, options: options))
        } catch {
            GeocacheTUICommand.exitReporting(error)
        }
        return joined(arguments, options: options)
    }
}
