/* Pipes for the terminal layer (its headless input and its signal pipe, signals.h) and
 * for the tests' PostgreSQL servers. */
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

/* Grows a pipe's buffer (Linux F_SETPIPE_SZ); best effort. */
static inline void sys_grow_pipe(int fd, int bytes) {
#ifndef F_SETPIPE_SZ
#define F_SETPIPE_SZ 1031
#endif
    fcntl(fd, F_SETPIPE_SZ, bytes);
}

#endif
