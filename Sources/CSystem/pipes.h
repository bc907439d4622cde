/* Pipes for the terminal layer: its headless input and its signal pipe (signals.h). */
#ifndef GEOCACHE_CSYSTEM_PIPES_H
#define GEOCACHE_CSYSTEM_PIPES_H

#include <unistd.h>
#include <fcntl.h>

/* A pipe whose ends close on exec, optionally non-blocking; 0 on success. */
static inline int sys_make_pipe(int ends[2], int nonblocking) {
    if (pipe(ends) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        fcntl(ends[i], F_SETFD, FD_CLOEXEC);
        if (nonblocking) fcntl(ends[i], F_SETFL, fcntl(ends[i], F_GETFL) | O_NONBLOCK);
    }
    return 0;
}

/* Grows a pipe's buffer (Linux F_SETPIPE_SZ); best effort. */
static inline void sys_grow_pipe(int fd, int bytes) {
#ifndef F_SETPIPE_SZ
#define F_SETPIPE_SZ 1031
#endif
    fcntl(fd, F_SETPIPE_SZ, bytes);
}

#endif
