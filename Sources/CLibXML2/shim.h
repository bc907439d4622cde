/* libxml2's push parser with SAX2 callbacks, for the GPX and LOC reader
 * (Sources/GeoModel/Interchange/XMLStreamParser.swift, the only Swift that imports
 * this module). Foundation's XMLParser wraps the same parser, but turns every start
 * tag, attribute and run of text into Strings and dictionaries first: for a pocket
 * query that was half of the reading thread's instructions (docs/performance.md). */
#ifndef GEOCACHE_CLIBXML2_SHIM_H
#define GEOCACHE_CLIBXML2_SHIM_H

#include <string.h>
#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU, and its encoding header then includes ICU's
 * headers, which clash with the copy inside Foundation. Nothing here uses the ICU
 * parts (they only add fields to the encoding handler, which Swift never touches). */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>

/* A handler with no callbacks yet, marked as a SAX2 handler (XML_SAX2_MAGIC is a
 * macro Swift does not see). */
static inline void cxml_handler_init(xmlSAXHandler *handler) {
    memset(handler, 0, sizeof *handler);
    handler->initialized = XML_SAX2_MAGIC;
}

#endif
