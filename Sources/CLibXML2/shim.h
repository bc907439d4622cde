/* libxml2's push parser with SAX2 callbacks, for the GPX and LOC reader
 * (Sources/GeoModel/Interchange/XML/XMLStreamParser.swift, the only Swift that imports
 * this module). Foundation's XMLParser wraps the same parser, but turns every start
 * tag, attribute and run of text into Strings and dictionaries first.
 *
 * The library is opened with dlopen the first time a GPX or LOC file is read, not
 * linked: libxml2 brings ICU, liblzma and zlib, which the form, `list` and every
 * other command would otherwise load at each start for nothing, and a second ICU
 * beside Foundation's. It stays Debian's shared library, so a security update of
 * libxml2 reaches the program. Only the headers are used at build time (for the
 * types and constants). */
#ifndef GEOCACHE_CLIBXML2_SHIM_H
#define GEOCACHE_CLIBXML2_SHIM_H

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU, and its encoding header then includes ICU's
 * headers, which clash with the copy inside Foundation. Nothing here uses the ICU
 * parts (they only add fields to the encoding handler, which Swift never touches). */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>

/* The library's name as Debian's libxml2 package installs it. */
static const char *const CXML_LIBRARY = "libxml2.so.2";

/* The libxml2 functions the reader calls, looked up once (never NULL once
 * cxml_library() has returned the table). */
typedef struct {
    __typeof__(&xmlCreatePushParserCtxt) _Nonnull createPushParserCtxt;
    __typeof__(&xmlCtxtUseOptions) _Nonnull ctxtUseOptions;
    __typeof__(&xmlParseChunk) _Nonnull parseChunk;
    __typeof__(&xmlStopParser) _Nonnull stopParser;
    __typeof__(&xmlFreeParserCtxt) _Nonnull freeParserCtxt;
    __typeof__(&xmlSAX2GetLineNumber) _Nonnull lineNumber;
    __typeof__(&xmlSAX2GetColumnNumber) _Nonnull columnNumber;
    __typeof__(&xmlSetGenericErrorFunc) _Nonnull setGenericErrorFunc;
} cxml_functions;

/* What loading found: the functions, or the loader's message. */
typedef struct {
    pthread_once_t once;
    int loaded;
    cxml_functions functions;
    char error[256];
} cxml_state;

/* The one state of the process (a function's static: Swift emits a header's static
 * inline functions, with their statics, but not a header's static variables). */
static inline cxml_state *cxml_shared_state(void) {
    static cxml_state state = { .once = PTHREAD_ONCE_INIT };
    return &state;
}

static inline void cxml_note_error(cxml_state *state, const char *fallback) {
    const char *reason = dlerror();
    strncpy(state->error, reason ? reason : fallback, sizeof state->error - 1);
}

static inline void cxml_load_once(void) {
    cxml_state *state = cxml_shared_state();
    void *handle = dlopen(CXML_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        cxml_note_error(state, CXML_LIBRARY);
        return;
    }
    cxml_functions *f = &state->functions;
    f->createPushParserCtxt = dlsym(handle, "xmlCreatePushParserCtxt");
    f->ctxtUseOptions = dlsym(handle, "xmlCtxtUseOptions");
    f->parseChunk = dlsym(handle, "xmlParseChunk");
    f->stopParser = dlsym(handle, "xmlStopParser");
    f->freeParserCtxt = dlsym(handle, "xmlFreeParserCtxt");
    f->lineNumber = dlsym(handle, "xmlSAX2GetLineNumber");
    f->columnNumber = dlsym(handle, "xmlSAX2GetColumnNumber");
    f->setGenericErrorFunc = dlsym(handle, "xmlSetGenericErrorFunc");
    void (*init_parser)(void) = (void (*)(void))dlsym(handle, "xmlInitParser");
    if (!f->createPushParserCtxt || !f->ctxtUseOptions || !f->parseChunk || !f->stopParser
        || !f->freeParserCtxt || !f->lineNumber || !f->columnNumber || !f->setGenericErrorFunc || !init_parser) {
        cxml_note_error(state, "a libxml2 function is missing");
        return;
    }
    /* libxml2 asks for this once before parsers are used from several threads. */
    init_parser();
    state->loaded = 1;
}

/* The functions, or NULL when libxml2 could not be loaded; cxml_error() then says
 * why (the dynamic loader's message). Safe to call from any thread. */
static inline const cxml_functions *cxml_library(void) {
    cxml_state *state = cxml_shared_state();
    pthread_once(&state->once, cxml_load_once);
    return state->loaded ? &state->functions : NULL;
}

/* Why cxml_library() returned NULL. */
static inline const char *cxml_error(void) {
    return cxml_shared_state()->error;
}

/* Whether libxml2 said, since the calling thread last cleared it, that bytes could not be
 * converted from the encoding the document declares (a thread's own flag). */
static inline int *cxml_encoding_failed(void) {
    static _Thread_local int failed;
    return &failed;
}

/* libxml2's generic error messages went to standard error raw ("encoding error : input
 * conversion failed", "xmlParseChunk: encoder error"); the reader says what failed
 * itself. One about the encoding is noted (cxml_encoding_failed): the parse stops
 * there without a word to the structured handler, as if the document ended. */
static inline void cxml_note_generic_error(void *context, const char *format, ...) {
    (void)context;
    char text[256];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(text, sizeof text, format, arguments);
    va_end(arguments);
    if (strstr(text, "encod") || strstr(text, "conversion")) *cxml_encoding_failed() = 1;
}

/* Routes libxml2's generic error messages of the calling thread (libxml2 keeps the
 * handler per thread) to cxml_note_generic_error, its flag cleared. */
static inline void cxml_take_generic_errors(const cxml_functions *f) {
    *cxml_encoding_failed() = 0;
    f->setGenericErrorFunc(NULL, cxml_note_generic_error);
}

/* A handler with no callbacks yet, marked as a SAX2 handler (XML_SAX2_MAGIC is a
 * macro Swift does not see). */
static inline void cxml_handler_init(xmlSAXHandler *handler) {
    memset(handler, 0, sizeof *handler);
    handler->initialized = XML_SAX2_MAGIC;
}

#endif
