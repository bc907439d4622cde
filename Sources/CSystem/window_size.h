/* The terminal's size from the kernel, for the terminal layer: ioctl is variadic, so
 * Swift cannot call it. */
#ifndef GEOCACHE_CSYSTEM_WINDOW_SIZE_H
#define GEOCACHE_CSYSTEM_WINDOW_SIZE_H

#include <sys/ioctl.h>
#include "out_of_line.h"

/* The size of the terminal open on `fd` (TIOCGWINSZ); 0 on success. */
SYS_OUT_OF_LINE static inline int sys_window_size(int fd, int *out_rows, int *out_columns) {
    struct winsize window_size;
    if (ioctl(fd, TIOCGWINSZ, &window_size) != 0) return -1;
    *out_rows = window_size.ws_row;
    *out_columns = window_size.ws_col;
    return 0;
}

#endif
