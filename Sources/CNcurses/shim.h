/* ncursesw for the terminal layer (Sources/GeoTUI/Terminal, the only Swift that
 * imports this module), with the wide-character API enabled, and small helpers for
 * the macros and globals that Swift 6 cannot import safely. */
#ifndef GEOCACHE_CNCURSES_SHIM_H
#define GEOCACHE_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <wchar.h>
#include <stdio.h>
#include <errno.h>
#include <signal.h>
#include <pthread.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <ncurses.h>
#include <term.h>

/* The functions below with a C local whose address is taken stay out of line: one
 * inlined into a Swift function gives up the canary -fstack-protector-strong puts in
 * it (Package.swift's `cModules`), where one that is called keeps it. */
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

/* The terminal's size from the kernel (TIOCGWINSZ); 0 on success. */
CN_OUT_OF_LINE static inline int cn_window_size(int fd, int *out_rows, int *out_columns) {
    struct winsize window_size;
    if (ioctl(fd, TIOCGWINSZ, &window_size) != 0) return -1;
    *out_rows = window_size.ws_row;
    *out_columns = window_size.ws_col;
    return 0;
}

/* A pipe whose ends close on exec, optionally non-blocking; 0 on success. */
static inline int cn_make_pipe(int ends[2], int nonblocking) {
    if (pipe(ends) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        fcntl(ends[i], F_SETFD, FD_CLOEXEC);
        if (nonblocking) fcntl(ends[i], F_SETFL, fcntl(ends[i], F_GETFL) | O_NONBLOCK);
    }
    return 0;
}

/* Grows a pipe's buffer (Linux F_SETPIPE_SZ); best effort. */
static inline void cn_grow_pipe(int fd, int bytes) {
#ifndef F_SETPIPE_SZ
#define F_SETPIPE_SZ 1031
#endif
    fcntl(fd, F_SETPIPE_SZ, bytes);
}

/* Signals as bytes on a pipe (the self-pipe trick). The handler only writes the
 * signal number to a non-blocking pipe, which is async-signal-safe, so the event
 * loop sees SIGHUP, SIGTERM, SIGINT and SIGWINCH in the same poll() as its input,
 * whichever thread the kernel chose to deliver them to. The state lives in function
 * statics so the handler and the functions that install it always share one copy. */
#define CN_CAUGHT_SIGNAL_COUNT 4
static inline const int *cn_caught_signals(void) {
    static const int caught[CN_CAUGHT_SIGNAL_COUNT] = { SIGHUP, SIGTERM, SIGINT, SIGWINCH };
    return caught;
}
static inline volatile sig_atomic_t *cn_signal_pipe_slot(void) {
    static volatile sig_atomic_t fd = -1;
    return &fd;
}
static inline struct sigaction *cn_saved_signal_actions(void) {
    static struct sigaction saved[CN_CAUGHT_SIGNAL_COUNT];
    return saved;
}
static inline void cn_signal_to_pipe(int signo) {
    int saved_errno = errno;
    int fd = (int)*cn_signal_pipe_slot();
    if (fd >= 0) {
        unsigned char byte = (unsigned char)signo;
        ssize_t ignored = write(fd, &byte, 1);
        (void)ignored;
    }
    errno = saved_errno;
}
/* Sends SIGHUP, SIGTERM, SIGINT and SIGWINCH to `write_fd` until cn_signals_restore. */
CN_OUT_OF_LINE static inline int cn_signals_install(int write_fd) {
    *cn_signal_pipe_slot() = write_fd;
    struct sigaction action;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    action.sa_handler = cn_signal_to_pipe;
    for (int i = 0; i < CN_CAUGHT_SIGNAL_COUNT; i++) {
        if (sigaction(cn_caught_signals()[i], &action, &cn_saved_signal_actions()[i]) != 0) return -1;
    }
    sigset_t unblock;
    sigemptyset(&unblock);
    for (int i = 0; i < CN_CAUGHT_SIGNAL_COUNT; i++) sigaddset(&unblock, cn_caught_signals()[i]);
    pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
    return 0;
}
/* Puts back the dispositions cn_signals_install replaced. */
static inline void cn_signals_restore(void) {
    for (int i = 0; i < CN_CAUGHT_SIGNAL_COUNT; i++) {
        sigaction(cn_caught_signals()[i], &cn_saved_signal_actions()[i], NULL);
    }
    *cn_signal_pipe_slot() = -1;
}

/* Stops the process group the way Ctrl-Z in cooked mode would (SIGTSTP with its
 * default disposition) and returns once it is continued (fg sends SIGCONT). The
 * previous SIGTSTP disposition (ncurses' own handler, usually) is put back. */
CN_OUT_OF_LINE static inline void cn_stop_until_continued(void) {
    struct sigaction stop, previous;
    sigemptyset(&stop.sa_mask);
    stop.sa_flags = 0;
    stop.sa_handler = SIG_DFL;
    sigaction(SIGTSTP, &stop, &previous);
    sigset_t unblock, saved_mask;
    sigemptyset(&unblock);
    sigaddset(&unblock, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &unblock, &saved_mask);
    kill(0, SIGTSTP);
    pthread_sigmask(SIG_SETMASK, &saved_mask, NULL);
    sigaction(SIGTSTP, &previous, NULL);
}

#endif
