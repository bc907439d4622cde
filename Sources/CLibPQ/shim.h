/* libpq, PostgreSQL's own C client, for the PostgreSQL store
 * (Sources/GeoModel/Store/Postgres, the only Swift that imports this module). No
 * libpq type crosses GeoModel's public API. */
#ifndef GEOCACHE_CLIBPQ_SHIM_H
#define GEOCACHE_CLIBPQ_SHIM_H

#include <libpq-fe.h>

/* The diagnostic field codes are macros of a character literal; Swift sees them as
 * these constants (PQresultErrorField's second argument). */
static const int CPQ_DIAG_SQLSTATE = PG_DIAG_SQLSTATE;
static const int CPQ_DIAG_MESSAGE_PRIMARY = PG_DIAG_MESSAGE_PRIMARY;
static const int CPQ_DIAG_MESSAGE_DETAIL = PG_DIAG_MESSAGE_DETAIL;
static const int CPQ_DIAG_SEVERITY_NONLOCALIZED = PG_DIAG_SEVERITY_NONLOCALIZED;

#endif
