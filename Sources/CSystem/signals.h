/* Signals for the terminal layer: the ones it turns into events, and the stop of
 * Ctrl-Z. A signal handler must be C (only async-signal-safe calls), not Swift. */
#ifndef GEOCACHE_CSYSTEM_SIGNALS_H
#define GEOCACHE_CSYSTEM_SIGNALS_H

#include <errno.h>
#include <signal.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>
#include "out_of_line.h"

/* Signals as bytes on a pipe (the self-pipe trick). The handler only writes the
 * signal number to a non-blocking pipe, which is async-signal-safe, so the event
 * loop sees SIGHUP, SIGTERM, SIGINT and SIGWINCH in the same poll() as its input,
 * whichever thread the kernel chose to deliver them to. The state lives in function
 * statics so the handler and the functions that install it always share one copy. */
#define SYS_CAUGHT_SIGNAL_COUNT 4
static inline const int *sys_caught_signals(void) {
    static const int caught[SYS_CAUGHT_SIGNAL_COUNT] = { SIGHUP, SIGTERM, SIGINT, SIGWINCH };
    return caught;
}
static inline volatile sig_atomic_t *sys_signal_pipe_slot(void) {
    static volatile sig_atomic_t fd = -1;
    return &fd;
}
static inline struct sigaction *sys_saved_signal_actions(void) {
    static struct sigaction saved[SYS_CAUGHT_SIGNAL_COUNT];
    return saved;
}
static inline void sys_signal_to_pipe(int signo) {
    int saved_errno = errno;
    int fd = (int)*sys_signal_pipe_slot();
    if (fd >= 0) {
        unsigned char byte = (unsigned char)signo;
        ssize_t ignored = write(fd, &byte, 1);
        (void)ignored;
    }
    errno = saved_errno;
}
/* Sends SIGHUP, SIGTERM, SIGINT and SIGWINCH to `write_fd` until sys_signals_restore. */
SYS_OUT_OF_LINE static inline int sys_signals_install(int write_fd) {
    *sys_signal_pipe_slot() = write_fd;
    struct sigaction action;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    action.sa_handler = sys_signal_to_pipe;
    for (int i = 0; i < SYS_CAUGHT_SIGNAL_COUNT; i++) {
        if (sigaction(sys_caught_signals()[i], &action, &sys_saved_signal_actions()[i]) != 0) return -1;
    }
    sigset_t unblock;
    sigemptyset(&unblock);
    for (int i = 0; i < SYS_CAUGHT_SIGNAL_COUNT; i++) sigaddset(&unblock, sys_caught_signals()[i]);
    pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
    return 0;
}
/* Puts back the dispositions sys_signals_install replaced. */
static inline void sys_signals_restore(void) {
    for (int i = 0; i < SYS_CAUGHT_SIGNAL_COUNT; i++) {
        sigaction(sys_caught_signals()[i], &sys_saved_signal_actions()[i], NULL);
    }
    *sys_signal_pipe_slot() = -1;
}

/* Set by the handler sys_stop_until_continued puts on SIGCONT while it stops. */
static inline volatile sig_atomic_t *sys_continued_slot(void) {
    static volatile sig_atomic_t continued = 0;
    return &continued;
}
static inline void sys_note_continued(int signo) {
    (void)signo;
    *sys_continued_slot() = 1;
}

/* Stops the process group the way Ctrl-Z in cooked mode would (SIGTSTP with its
 * default disposition) and returns once it is continued (fg sends SIGCONT): 1. Returns
 * 0 when the process was not stopped: the kernel discards SIGTSTP for a group
 * nothing could continue (no shell with job control above it: `sh -c`, `script`). The
 * previous SIGTSTP and SIGCONT dispositions (ncurses' own handler, usually) are put back. */
SYS_OUT_OF_LINE static inline int sys_stop_until_continued(void) {
    struct sigaction stop, previous, noting, previous_continue;
    sigemptyset(&stop.sa_mask);
    stop.sa_flags = 0;
    stop.sa_handler = SIG_DFL;
    sigaction(SIGTSTP, &stop, &previous);
    sigemptyset(&noting.sa_mask);
    noting.sa_flags = SA_RESTART;
    noting.sa_handler = sys_note_continued;
    *sys_continued_slot() = 0;
    sigaction(SIGCONT, &noting, &previous_continue);
    sigset_t unblock, saved_mask;
    sigemptyset(&unblock);
    sigaddset(&unblock, SIGTSTP);
    sigaddset(&unblock, SIGCONT);
    pthread_sigmask(SIG_UNBLOCK, &unblock, &saved_mask);
    kill(0, SIGTSTP);
    /* Continued, the handler runs on whichever thread takes SIGCONT, at once; not
     * stopped, nothing comes: a tenth of a second tells the two apart. */
    struct timespec millisecond = { .tv_sec = 0, .tv_nsec = 1000000 };
    for (int waited = 0; waited < 100 && !*sys_continued_slot(); waited++) nanosleep(&millisecond, NULL);
    pthread_sigmask(SIG_SETMASK, &saved_mask, NULL);
    sigaction(SIGCONT, &previous_continue, NULL);
    sigaction(SIGTSTP, &previous, NULL);
    return *sys_continued_slot();
}

#endif
