/* The terminal put back when the process dies of a signal the form does not handle:
 * SIGQUIT, SIGUSR1, SIGPIPE, SIGSYS or a real-time signal sent from outside, a crash (a
 * Swift trap is SIGILL or SIGTRAP).
 * Without it the shell is left in raw mode on the alternate screen, and the Swift
 * runtime's report of a crash is drawn over the form with no carriage returns.
 *
 * While armed, the handler writes the sequences that leave full-screen mode and sets
 * the modes the terminal had before the form (write and tcsetattr are
 * async-signal-safe), then puts back the disposition it replaced: a fault happens
 * again as the handler returns, and a signal sent from outside is raised again, both
 * reaching that disposition (the runtime's backtracer, or the default action); SIGQUIT
 * and a fault's signal sent with kill reach the default action, which ends the
 * program where the runtime would let it go on. A
 * signal that was ignored is left ignored. The state lives in function statics, one
 * copy per object file that calls into this header: arm and disarm from one Swift file
 * (Terminal+Rescue.swift), or a debug build's other files disarm a copy never armed. */
#ifndef GEOCACHE_CSYSTEM_TERMINAL_RESCUE_H
#define GEOCACHE_CSYSTEM_TERMINAL_RESCUE_H

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include "out_of_line.h"

/* The signals named one by one, then room for the real-time ones (SIGRTMIN to
 * SIGRTMAX, at most 33 with glibc), which end a program by default too. */
#define SYS_RESCUE_NAMED_COUNT 18
#define SYS_RESCUE_SIGNAL_COUNT (SYS_RESCUE_NAMED_COUNT + 33)
#define SYS_RESCUE_SEQUENCE_LIMIT 256

struct sys_rescue_state {
    volatile sig_atomic_t armed;
    int installed;
    int descriptor;
    struct termios modes;
    char leave[SYS_RESCUE_SEQUENCE_LIMIT];
    size_t leave_length;
    struct sigaction replaced[SYS_RESCUE_SIGNAL_COUNT];
    int handled[SYS_RESCUE_SIGNAL_COUNT];
};

static inline struct sys_rescue_state *sys_rescue(void) {
    static struct sys_rescue_state state = { .armed = 0, .installed = 0, .descriptor = -1 };
    return &state;
}

/* The signal handled at `index`: the named ones, then the real-time ones; 0 past the last. */
static inline int sys_rescue_signal(int index) {
    static const int named[SYS_RESCUE_NAMED_COUNT] = {
        SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGSYS, SIGSTKFLT, SIGPWR,
        SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP,
    };
    if (index < SYS_RESCUE_NAMED_COUNT) return named[index];
    int realtime = SIGRTMIN + (index - SYS_RESCUE_NAMED_COUNT);
    return realtime <= SIGRTMAX ? realtime : 0;
}

/* The fatal signals, which the Swift runtime may catch to report a crash. */
static inline int sys_rescue_is_fatal(int signo) {
    return signo == SIGQUIT || signo == SIGSEGV || signo == SIGBUS || signo == SIGILL || signo == SIGFPE
        || signo == SIGABRT || signo == SIGTRAP;
}

static inline void sys_rescue_handler(int signo, siginfo_t *info, void *context) {
    (void)context;
    int saved_errno = errno;
    struct sys_rescue_state *state = sys_rescue();
    if (state->armed) {
        state->armed = 0;
        size_t written = 0;
        while (written < state->leave_length) {
            ssize_t count = write(state->descriptor, state->leave + written, state->leave_length - written);
            if (count < 0 && errno == EINTR) continue;
            if (count <= 0) break;
            written += (size_t)count;
        }
        tcsetattr(state->descriptor, TCSANOW, &state->modes);
    }
    for (int i = 0; i < SYS_RESCUE_SIGNAL_COUNT; i++) {
        if (sys_rescue_signal(i) == signo && state->handled[i]) {
            sigaction(signo, &state->replaced[i], NULL);
            state->handled[i] = 0;
        }
    }
    /* Sent (kill, sigqueue, tgkill, raise), not the kernel's report of a fault. */
    int sent = info != NULL && info->si_code <= 0;
    int fault = signo == SIGSEGV || signo == SIGBUS || signo == SIGILL || signo == SIGFPE;
    /* SIGABRT or SIGTRAP from another process: not this one's abort() or trap. */
    int sent_from_outside = sent && info->si_pid != getpid() && (signo == SIGABRT || signo == SIGTRAP);
    if (signo == SIGQUIT || (fault && sent) || sent_from_outside) {
        /* The runtime reports a SIGQUIT and lets the program go on, now on a terminal
         * given back, and a fault, an abort or a trap sent with kill, which happens
         * nowhere again, is one it leaves the program going after too (still reading
         * the terminal, hidden): the default action (a core dump) ends it. */
        struct sigaction default_action;
        memset(&default_action, 0, sizeof default_action);
        sigemptyset(&default_action.sa_mask);
        default_action.sa_handler = SIG_DFL;
        sigaction(signo, &default_action, NULL);
    }
    /* A fault comes back by itself when the instruction runs again; one sent (or
     * raised by abort) is raised again, delivered once this handler returns. */
    if (!fault || sent) raise(signo);
    errno = saved_errno;
}

/* Arms the rescue for the terminal on `descriptor`: `leave` (at most
 * SYS_RESCUE_SEQUENCE_LIMIT bytes) is what leaves full-screen mode there, `modes` the
 * terminal's modes before the form. Installs the handler for each signal not ignored,
 * the first time. Returns -1 when `leave` is too long. */
SYS_OUT_OF_LINE static inline int sys_rescue_arm(int descriptor, const char *leave, size_t length,
                                                 const struct termios *modes) {
    struct sys_rescue_state *state = sys_rescue();
    if (length > SYS_RESCUE_SEQUENCE_LIMIT) return -1;
    state->armed = 0;
    state->descriptor = descriptor;
    memcpy(state->leave, leave, length);
    state->leave_length = length;
    state->modes = *modes;
    for (int i = 0; i < SYS_RESCUE_SIGNAL_COUNT; i++) {
        int signo = sys_rescue_signal(i);
        if (signo == 0 || state->handled[i]) continue;
        struct sigaction current;
        if (sigaction(signo, NULL, &current) != 0) continue;
        int is_default = !(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_DFL;
        int is_ignored = !(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_IGN;
        /* A handler another part of the program set for a signal that ends nothing (a
         * timer's SIGALRM) stays alone; the runtime's for the fatal ones is chained. */
        if (is_ignored || (!is_default && !sys_rescue_is_fatal(signo))) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART | SA_ONSTACK | SA_SIGINFO;
        action.sa_sigaction = sys_rescue_handler;
        if (sigaction(signo, &action, &state->replaced[i]) == 0) state->handled[i] = 1;
    }
    state->armed = 1;
    return 0;
}

/* Disarms the rescue: the terminal is the shell's again (the form closed or suspended).
 * The handlers stay, passing each signal on to what they replaced. */
static inline void sys_rescue_disarm(void) {
    sys_rescue()->armed = 0;
}

#endif
