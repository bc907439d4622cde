/* The only C in geocache-tui: ncursesw with the wide-character API enabled, and
 * small accessors for the macros and globals that Swift 6 cannot import safely. */
#ifndef GEOCACHE_CNCURSES_SHIM_H
#define GEOCACHE_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#include <stdio.h>
#include <ncurses.h>
#include <term.h>

extern int wcwidth(wchar_t);

/* Globals, read through functions so Swift 6 sees no shared mutable state. */
static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline WINDOW *cn_curscr(void) { return curscr; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }

/* Attribute macros. */
static const attr_t CN_A_NORMAL = A_NORMAL;
static const attr_t CN_A_BOLD = A_BOLD;
static const attr_t CN_A_REVERSE = A_REVERSE;
static const attr_t CN_A_UNDERLINE = A_UNDERLINE;
static const attr_t CN_A_DIM = A_DIM;
static const attr_t CN_A_STANDOUT = A_STANDOUT;
static inline attr_t cn_color_pair(short pair) { return (attr_t)COLOR_PAIR(pair); }

/* Function keys. */
static inline int cn_key_f(int n) { return KEY_F(n); }

/* Mouse masks. */
static const mmask_t CN_BUTTON1_PRESSED = BUTTON1_PRESSED;
static const mmask_t CN_BUTTON1_RELEASED = BUTTON1_RELEASED;
static const mmask_t CN_BUTTON1_CLICKED = BUTTON1_CLICKED;
static const mmask_t CN_BUTTON1_DOUBLE_CLICKED = BUTTON1_DOUBLE_CLICKED;
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

/* True when the terminal can address the cursor (what a full-screen form needs). */
static inline int cn_can_address_cursor(void) {
    const char *cup = tigetstr("cup");
    return cup != NULL && cup != (char *)-1;
}

#endif
