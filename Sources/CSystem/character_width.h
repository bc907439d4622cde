/* The C library's column width of a wide character, for the text layer and the
 * terminal layer alike. Swift's Glibc module leaves <wchar.h> out, and glibc declares
 * wcwidth only for X/Open, so the declaration is made here; the function is glibc's
 * (no library to link). Its answers depend on LC_CTYPE: see TerminalLocale. */
#ifndef GEOCACHE_CSYSTEM_CHARACTER_WIDTH_H
#define GEOCACHE_CSYSTEM_CHARACTER_WIDTH_H

#include <stddef.h>

extern int wcwidth(wchar_t);

#endif
