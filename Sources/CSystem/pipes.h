/* Pipes for the terminal layer (its headless input and its signal pipe, signals.h), for
 * the tests' PostgreSQL servers, and for the store watch's child at exit. */
#ifndef GEOCACHE_CSYSTEM_PIPES_H
#define GEOCACHE_CSYSTEM_PIPES_H

#include <unistd.h>
#include <fcntl.h>

/* glibc's pipe2, which unistd.h declares only under _GNU_SOURCE. */
extern int pipe2(int ends[2], int flags);

/* A pipe whose ends close on exec, optionally non-blocking; 0 on success. Both flags
 * are set as the pipe is made (pipe2), so a program another thread starts meanwhile
 * never inherits an end. */
static inline int sys_make_pipe(int ends[2], int nonblocking) {
    return pipe2(ends, O_CLOEXEC | (nonblocking ? O_NONBLOCK : 0)) == 0 ? 0 : -1;
}

/* glibc's close_range (Linux 5.9), which unistd.h declares only under _GNU_SOURCE. */
extern int close_range(unsigned int first, unsigned int last, int flags);

/* In a child of fork: closes every descriptor from 3 up but `keep` and `also`, so the
 * child holds no pipe end, lock or file of its parent's (another child's pipe among
 * them). Only close_range and close, which are async-signal-safe; without
 * close_range (a kernel before 5.9) the first 4096 descriptors one by one. */
static inline void sys_close_all_but(int keep, int also) {
    int low = keep < also ? keep : also, high = keep < also ? also : keep;
    int bounds[3][2] = { { 3, low - 1 }, { low + 1, high - 1 }, { high + 1, -1 } };
    for (int i = 0; i < 3; i++) {
        int first = bounds[i][0] < 3 ? 3 : bounds[i][0], last = bounds[i][1];
        if (last != -1 && last < first) continue;
        if (close_range((unsigned int)first, last == -1 ? ~0U : (unsigned int)last, 0) == 0) continue;
        for (int fd = first; fd <= (last == -1 ? 4095 : last); fd++) {
            if (fd != keep && fd != also) close(fd);
        }
    }
}

/* Grows a pipe's buffer (Linux F_SETPIPE_SZ); best effort. */
static inline void sys_grow_pipe(int fd, int bytes) {
#ifndef F_SETPIPE_SZ
#define F_SETPIPE_SZ 1031
#endif
    fcntl(fd, F_SETPIPE_SZ, bytes);
}

#endif
