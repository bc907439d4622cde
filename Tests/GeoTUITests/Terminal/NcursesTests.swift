import Testing

/// The parent of every suite that touches ncurses.
///
/// ncurses keeps its state in process globals, so these suites must never run in
/// parallel with each other: `.serialized` applies to every suite nested in this one.
/// Add a headless suite with `extension NcursesTests { @Suite struct MySuite { ... } }`.
@Suite(.serialized) struct NcursesTests {}
