/* The inode flags `chattr` sets, which access() does not tell apart from other
 * refusals: both an immutable file and one in /proc refuse writing with EPERM. Used by
 * Sources/GeoModel/Store/SQLite (StoreFile.swift) to say why a store is read-only. */
#ifndef GEOCACHE_CSYSTEM_FILE_FLAGS_H
#define GEOCACHE_CSYSTEM_FILE_FLAGS_H

#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* Whether the file or directory at `path` is marked immutable (`chattr +i`,
 * FS_IMMUTABLE_FL): 1 when it is, 0 when it is not, -1 when that cannot be asked (it
 * cannot be opened for reading, or its file system keeps no such flags). */
static inline int geocache_is_immutable(const char *path) {
    int descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (descriptor < 0) return -1;
    int flags = 0;
    int result = ioctl(descriptor, FS_IOC_GETFLAGS, &flags);
    close(descriptor);
    if (result != 0) return -1;
    return (flags & FS_IMMUTABLE_FL) ? 1 : 0;
}

/* Opens a file of no name in `directory` for writing (O_TMPFILE, which Swift does not
 * import: it is two flags in a macro), mode `mode` as creat() would; -1 with errno set
 * where its file system makes none. Used by the exports (ExportDestination.swift). */
static inline int geocache_open_unnamed(const char *directory, mode_t mode) {
#if defined(O_TMPFILE)
    return open(directory, O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
#elif defined(__O_TMPFILE)
    /* glibc names it O_TMPFILE only with _GNU_SOURCE, which Swift's importer does not set. */
    return open(directory, __O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
#else
    errno = EOPNOTSUPP;
    return -1;
#endif
}

#endif
