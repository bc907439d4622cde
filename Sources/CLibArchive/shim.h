/* libarchive's reader, for zipped pocket queries and GGZ files
 * (Sources/GeoModel/Interchange/Archive/ZipArchive.swift, the only Swift that imports
 * this module).
 *
 * As with libxml2 (Sources/CLibXML2/shim.h), the library is opened with dlopen the
 * first time an archive is imported, not linked: every other command starts without
 * it, and it stays Debian's shared library, so a security update of libarchive reaches
 * the program. Only the headers are used at build time (for the types and constants). */
#ifndef GEOCACHE_CLIBARCHIVE_SHIM_H
#define GEOCACHE_CLIBARCHIVE_SHIM_H

#include <dlfcn.h>
#include <pthread.h>
#include <string.h>
#include <archive.h>
#include <archive_entry.h>

/* The library's name as Debian's libarchive13 package installs it. */
static const char *const CARCHIVE_LIBRARY = "libarchive.so.13";

/* The libarchive functions the reader calls, looked up once (never NULL once
 * carchive_library() has returned the table). */
typedef struct {
    __typeof__(&archive_read_new) _Nonnull readNew;
    __typeof__(&archive_read_support_format_zip_seekable) _Nonnull supportZipSeekable;
    __typeof__(&archive_read_open_memory) _Nonnull openMemory;
    __typeof__(&archive_read_next_header) _Nonnull nextHeader;
    __typeof__(&archive_read_data) _Nonnull readData;
    __typeof__(&archive_read_data_skip) _Nonnull skipData;
    __typeof__(&archive_read_free) _Nonnull readFree;
    __typeof__(&archive_error_string) _Nonnull errorString;
    __typeof__(&archive_entry_pathname) _Nonnull pathname;
    __typeof__(&archive_entry_size) _Nonnull size;
    __typeof__(&archive_entry_size_is_set) _Nonnull sizeIsSet;
    __typeof__(&archive_entry_filetype) _Nonnull filetype;
    __typeof__(&archive_entry_is_encrypted) _Nonnull isEncrypted;
} carchive_functions;

/* What loading found: the functions, or the loader's message. */
typedef struct {
    pthread_once_t once;
    int loaded;
    carchive_functions functions;
    char error[256];
} carchive_state;

/* The one state of the process (a function's static, as in CLibXML2's shim). */
static inline carchive_state *carchive_shared_state(void) {
    static carchive_state state = { .once = PTHREAD_ONCE_INIT };
    return &state;
}

static inline void carchive_note_error(carchive_state *state, const char *fallback) {
    const char *reason = dlerror();
    strncpy(state->error, reason ? reason : fallback, sizeof state->error - 1);
}

static inline void carchive_load_once(void) {
    carchive_state *state = carchive_shared_state();
    void *handle = dlopen(CARCHIVE_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        carchive_note_error(state, CARCHIVE_LIBRARY);
        return;
    }
    carchive_functions *f = &state->functions;
    f->readNew = dlsym(handle, "archive_read_new");
    f->supportZipSeekable = dlsym(handle, "archive_read_support_format_zip_seekable");
    f->openMemory = dlsym(handle, "archive_read_open_memory");
    f->nextHeader = dlsym(handle, "archive_read_next_header");
    f->readData = dlsym(handle, "archive_read_data");
    f->skipData = dlsym(handle, "archive_read_data_skip");
    f->readFree = dlsym(handle, "archive_read_free");
    f->errorString = dlsym(handle, "archive_error_string");
    f->pathname = dlsym(handle, "archive_entry_pathname");
    f->size = dlsym(handle, "archive_entry_size");
    f->sizeIsSet = dlsym(handle, "archive_entry_size_is_set");
    f->filetype = dlsym(handle, "archive_entry_filetype");
    f->isEncrypted = dlsym(handle, "archive_entry_is_encrypted");
    if (!f->readNew || !f->supportZipSeekable || !f->openMemory || !f->nextHeader || !f->readData
        || !f->skipData || !f->readFree || !f->errorString || !f->pathname
        || !f->size || !f->sizeIsSet || !f->filetype || !f->isEncrypted) {
        carchive_note_error(state, "a libarchive function is missing");
        return;
    }
    state->loaded = 1;
}

/* The functions, or NULL when libarchive could not be loaded; carchive_error() then
 * says why (the dynamic loader's message). Safe to call from any thread. */
static inline const carchive_functions *carchive_library(void) {
    carchive_state *state = carchive_shared_state();
    pthread_once(&state->once, carchive_load_once);
    return state->loaded ? &state->functions : NULL;
}

/* Why carchive_library() returned NULL. */
static inline const char *carchive_error(void) {
    return carchive_shared_state()->error;
}

/* A regular file's type, as archive_entry_filetype() gives it (AE_IFREG is a macro
 * of an octal constant cast Swift does not import). */
static inline int carchive_is_regular(unsigned int filetype) {
    return filetype == AE_IFREG;
}

/* A directory's type. */
static inline int carchive_is_directory(unsigned int filetype) {
    return filetype == AE_IFDIR;
}

#endif
