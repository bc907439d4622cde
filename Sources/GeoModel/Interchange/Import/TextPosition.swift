/// A place in an input file: 1-based line and column (the column counts characters).
public struct TextPosition: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line number.
    public let line: Int
    /// The 1-based column, in Unicode scalars from the start of the line.
    public let column: Int

    /// Creates a position from a line and a column, both counted from 1.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// "LINE:COLUMN", the form compilers use.
    public var description: String { "\(line):\(column)" }
}
