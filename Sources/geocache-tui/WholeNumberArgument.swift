import ArgumentParser

/// Reading a whole number from the command line: `list --limit`, `edit` and `delete`'s
/// `--position` and `--id`, `sync --discard` and `--overwrite`.
///
/// A number too large (or too small) for the option is a usage error that gives the
/// range, as is text that is not a whole number; a number in range but below what the
/// option takes (`--position 0`) is left to the command's `validate()`, which names
/// what it counts.
enum WholeNumberArgument {
    /// The number `text` writes (spaces around it allowed), or a usage error: for digits
    /// beyond what `Number` holds, the range from `least` to `Number.max`; for anything
    /// else, that it is not a whole number.
    static func parse<Number: FixedWidthInteger>(_ text: String, least: Number) throws -> Number {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let value = Number(trimmed) { return value }
        let unsigned = trimmed.first.map { "+-".contains($0) } == true ? trimmed.dropFirst() : Substring(trimmed)
        if !unsigned.isEmpty, unsigned.allSatisfy({ $0.isASCII && $0.isNumber }) {
            throw ValidationError(CommandText.numberOutOfRange(text, least: String(least), greatest: String(Number.max)))
        }
        throw ValidationError(CommandText.notAWholeNumber(text))
    }
}
