/// The layering rules of docs/architecture.md, as functions from source files to the
/// places that break them (an empty list when none does).
enum LayeringRules {
    /// The generic views: widgets, drawing, text and keys. They know nothing of
    /// geocaches and nothing of the terminal.
    static let viewDirectories = [
        "Sources/GeoTUI/Widgets", "Sources/GeoTUI/Rendering", "Sources/GeoTUI/Text", "Sources/GeoTUI/Input",
    ]
    /// The terminal layer: the only files that may import `CNcurses` and call ncurses.
    static let terminalDirectory = "Sources/GeoTUI/Terminal"
    /// The model: it imports nothing of the user interface.
    static let modelDirectory = "Sources/GeoModel"

    /// The ncurses functions the terminal layer calls, and the best-known others. Names
    /// that ordinary Swift methods also have (`refresh`, `clear`, `erase`, `move`) are
    /// left out; their `w`-prefixed forms are in.
    static let ncursesFunctions: Set<String> = [
        "clearok", "curs_set", "delscreen", "delwin", "doupdate", "endwin", "getcchar", "getcurx",
        "getcury", "getmaxx", "getmaxy", "getmouse", "has_colors", "init_pair", "initscr", "intrflush",
        "key_defined", "keypad", "leaveok", "meta", "mouseinterval", "mousemask", "mvwadd_wch",
        "mvwaddnstr", "mvwaddstr", "mvwin_wch", "mvwin_wchnstr", "newpad", "newterm", "newwin", "noecho",
        "nonl", "raw", "resize_term", "resizeterm", "set_escdelay", "set_term", "setcchar", "setupterm",
        "start_color", "tigetstr", "typeahead", "use_default_colors", "wadd_wch", "waddch", "waddnstr",
        "waddstr", "wclear", "werase", "wget_wch", "wgetch", "wmove", "wnoutrefresh", "wrefresh",
        "wtimeout",
    ]
    /// ncurses types, used anywhere (a declaration counts as much as a call).
    static let ncursesTypes: Set<String> = ["WINDOW", "SCREEN", "cchar_t", "attr_t", "chtype", "mmask_t", "MEVENT"]
    /// The shim's helpers (`cn_stdscr`, `CN_A_BOLD`), ncurses key codes and colours.
    static let ncursesPrefixes = ["cn_", "CN_", "KEY_", "COLOR_"]

    /// Every `import` of `module` in `files`.
    static func imports(of module: String, in files: [SourceFile]) -> [RuleViolation] {
        files.flatMap { file in
            SourceScanner.imports(in: file).filter { $0.module == module }.map {
                RuleViolation(path: file.path, line: $0.line, what: "imports \(module)")
            }
        }
    }

    /// Every `@_exported import` of `module` in `files`: it would make the module visible
    /// to every file of the importing module.
    static func reexports(of module: String, in files: [SourceFile]) -> [RuleViolation] {
        files.flatMap { file in
            SourceScanner.imports(in: file).filter { $0.module == module && $0.isReexported }.map {
                RuleViolation(path: file.path, line: $0.line, what: "re-exports \(module)")
            }
        }
    }

    /// Every use of one of `names` in `files`, other than as a member (`x.name`).
    static func uses(of names: Set<String>, in files: [SourceFile]) -> [RuleViolation] {
        files.flatMap { file in
            SourceScanner.identifiers(in: file).filter { !$0.isMember && names.contains($0.name) }.map {
                RuleViolation(path: file.path, line: $0.line, what: "uses \($0.name)")
            }
        }
    }

    /// Every call of an ncurses function, and every use of an ncurses type, shim
    /// helper, key code or colour constant, in `files`.
    static func ncursesUses(in files: [SourceFile]) -> [RuleViolation] {
        files.flatMap { file in
            SourceScanner.identifiers(in: file).filter { use in
                guard !use.isMember else { return false }
                return (use.isCall && ncursesFunctions.contains(use.name))
                    || ncursesTypes.contains(use.name)
                    || ncursesPrefixes.contains(where: { use.name.hasPrefix($0) })
            }.map { RuleViolation(path: file.path, line: $0.line, what: "uses ncurses: \($0.name)") }
        }
    }
}
