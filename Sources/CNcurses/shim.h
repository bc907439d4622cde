/* ncursesw for the terminal layer (Sources/GeoTUI/Terminal, the only Swift that
 * imports this module), with the wide-character API enabled, and small helpers for
 * the macros and globals that Swift 6 cannot import safely. Nothing but ncurses: the
 * system calls the terminal layer needs beside it (window size, pipes, signals) are
 * CSystem's. */
#ifndef GEOCACHE_CNCURSES_SHIM_H
#define GEOCACHE_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <wchar.h>
#include <stdio.h>
#include <ncurses.h>
#include <term.h>

/* The functions below with a C local whose address is taken stay out of line: one
 * inlined into a Swift function gives up the canary -fstack-protector-strong puts in
 * it (Package.swift's `cModules`), where one that is called keeps it.
 * ReleaseBuildTests.theCShimsHaveStackCanaries names them. */
#define CN_OUT_OF_LINE __attribute__((noinline))

/* Globals, read through functions so Swift 6 sees no shared mutable state. */
static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline WINDOW *cn_curscr(void) { return curscr; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }

/* Attribute macros. */
static const attr_t CN_A_NORMAL = A_NORMAL;
static const attr_t CN_A_BOLD = A_BOLD;
static const attr_t CN_A_REVERSE = A_REVERSE;
static const attr_t CN_A_UNDERLINE = A_UNDERLINE;
static const attr_t CN_A_DIM = A_DIM;

/* Function keys. */
static inline int cn_key_f(int n) { return KEY_F(n); }

/* Mouse masks. */
static const mmask_t CN_BUTTON1_PRESSED = BUTTON1_PRESSED;
static const mmask_t CN_BUTTON1_RELEASED = BUTTON1_RELEASED;
static const mmask_t CN_BUTTON1_CLICKED = BUTTON1_CLICKED;
static const mmask_t CN_BUTTON1_DOUBLE_CLICKED = BUTTON1_DOUBLE_CLICKED;
static const mmask_t CN_BUTTON1_TRIPLE_CLICKED = BUTTON1_TRIPLE_CLICKED;
static const mmask_t CN_BUTTON4_PRESSED = BUTTON4_PRESSED;
#if NCURSES_MOUSE_VERSION > 1
static const mmask_t CN_BUTTON5_PRESSED = BUTTON5_PRESSED;
#else
static const mmask_t CN_BUTTON5_PRESSED = 0;
#endif

/* Build and read one wide-character cell. */
static inline int cn_setcchar(cchar_t *cell, const wchar_t *text, attr_t attrs, short pair) {
    return setcchar(cell, text, attrs, pair, NULL);
}
static inline int cn_getcchar(const cchar_t *cell, wchar_t *text, attr_t *attrs, short *pair) {
    return getcchar(cell, text, attrs, pair, NULL);
}

/* A terminfo string capability, or NULL when the terminal lacks it (tigetstr's
 * (char *)-1 for "not a string capability" also becomes NULL). */
static inline const char *cn_string_capability(const char *name) {
    char *value = tigetstr(name);
    return (value == NULL || value == (char *)-1) ? NULL : value;
}

/* Looks a terminal type up in terminfo without touching any terminal: setupterm on
 * a descriptor only reads the database (and asks the descriptor for its size), and
 * the entry is freed again at once. */
enum {
    CN_PROBE_USABLE = 0,
    CN_PROBE_UNKNOWN = 1,
    CN_PROBE_NO_DATABASE = 2,
    CN_PROBE_NO_CURSOR_ADDRESSING = 3,
    CN_PROBE_HARDCOPY = 4
};
CN_OUT_OF_LINE static inline int cn_probe_terminal(const char *name, int fd) {
    int status = 0;
    TERMINAL *previous = cur_term;
    if (setupterm(name, fd, &status) != OK) {
        set_curterm(previous);
        return status == -1 ? CN_PROBE_NO_DATABASE : CN_PROBE_UNKNOWN;
    }
    int result = CN_PROBE_USABLE;
    if (tigetflag("hc") > 0) {
        result = CN_PROBE_HARDCOPY;
    } else if (cn_string_capability("cup") == NULL) {
        result = CN_PROBE_NO_CURSOR_ADDRESSING;
    }
    TERMINAL *probed = set_curterm(previous);
    if (probed != NULL && probed != previous) del_curterm(probed);
    return result;
}

#endif
