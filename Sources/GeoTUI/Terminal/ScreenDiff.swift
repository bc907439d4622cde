/// A stretch of one row whose cells must be written to the terminal again.
struct ChangedRun: Equatable, Sendable {
    var y: Int
    /// The columns, start inclusive, end exclusive.
    var columns: Range<Int>
}

/// Finds the cells that differ between what was presented and what is to be
/// presented, so ``Terminal/present(_:)`` hands ncurses only those.
enum ScreenDiff {
    /// The runs of changed cells of `new` within `limit` (the screen), compared with
    /// `old`; every cell when there is no `old` or its size differs.
    ///
    /// A run never starts on the right half of a wide character nor ends between its
    /// halves, so each wide character is written whole.
    static func changedRuns(from old: Canvas?, to new: Canvas, within limit: Size) -> [ChangedRun] {
        let width = min(new.size.width, limit.width)
        let height = min(new.size.height, limit.height)
        guard width > 0, height > 0 else { return [] }
        let comparable = old.map { $0.size == new.size } ?? false
        var runs: [ChangedRun] = []
        for y in 0..<height {
            if !comparable {
                runs.append(ChangedRun(y: y, columns: 0..<width))
                continue
            }
            let oldCanvas = old!
            var x = 0
            while x < width {
                guard oldCanvas[x, y] != new[x, y] else { x += 1; continue }
                var start = x
                var end = x + 1
                while end < width, oldCanvas[end, y] != new[end, y] { end += 1 }
                // Take in the left half of a wide character whose right half changed,
                // and the right half of one whose left half changed.
                if start > 0, new[start, y].isContinuation || oldCanvas[start, y].isContinuation { start -= 1 }
                if end < width, new[end, y].isContinuation || oldCanvas[end, y].isContinuation { end += 1 }
                if let last = runs.last, last.y == y, last.columns.upperBound >= start {
                    runs[runs.count - 1].columns = last.columns.lowerBound..<end
                } else {
                    runs.append(ChangedRun(y: y, columns: start..<end))
                }
                x = end
            }
        }
        return runs
    }
}
