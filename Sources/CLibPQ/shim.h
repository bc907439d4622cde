/* libpq, PostgreSQL's own C client, for the PostgreSQL store
 * (Sources/GeoModel/Store/Postgres, the only Swift that imports this module). No
 * libpq type crosses GeoModel's public API.
 *
 * The library is opened with dlopen the first time a PostgreSQL store is used, not
 * linked: libpq brings a few dozen more shared libraries (TLS, Kerberos, LDAP), which
 * every start of the form would otherwise load and map even on an SQLite store
 * (docs/performance.md has the cost). It stays Debian's shared library.
 * Swift calls the cpq_ functions below, each of which looks its libpq function up
 * once. Call cpq_available() first: the others must not run when it returns 0. */
#ifndef GEOCACHE_CLIBPQ_SHIM_H
#define GEOCACHE_CLIBPQ_SHIM_H

#include <dlfcn.h>
#include <stddef.h>
#include <postgresql/libpq-fe.h>

/* The diagnostic field codes are macros of a character literal; Swift sees them as
 * these constants (PQresultErrorField's second argument). */
static const int CPQ_DIAG_SQLSTATE = PG_DIAG_SQLSTATE;
static const int CPQ_DIAG_MESSAGE_PRIMARY = PG_DIAG_MESSAGE_PRIMARY;
static const int CPQ_DIAG_MESSAGE_DETAIL = PG_DIAG_MESSAGE_DETAIL;
static const int CPQ_DIAG_SEVERITY_NONLOCALIZED = PG_DIAG_SEVERITY_NONLOCALIZED;

/* The library's name as Debian's libpq5 installs it. */
static const char *const CPQ_LIBRARY = "libpq.so.5";

/* The opened library; dlopen returns the same handle every time. */
static inline void *cpq_library(void) {
    return dlopen(CPQ_LIBRARY, RTLD_NOW | RTLD_LOCAL);
}

/* 1 when libpq could be opened. */
static inline int cpq_available(void) {
    static void *handle;
    if (!handle) handle = cpq_library();
    return handle != NULL;
}

static inline void *cpq_symbol(const char *name) {
    void *handle = cpq_library();
    return handle ? dlsym(handle, name) : NULL;
}

/* Every libpq function the store calls, once each: its return type, its name, its
 * parameters and the arguments that pass them on. */
#define CPQ_LIBPQ_FUNCTIONS(X) \
    X(int, PQbackendPID, (const PGconn *conn), (conn)) \
    X(int, PQcancel, (PGcancel *cancel, char *errbuf, int errbufsize), (cancel, errbuf, errbufsize)) \
    X(void, PQclear, (PGresult *res), (res)) \
    X(char *, PQcmdStatus, (PGresult *res), (res)) \
    X(char *, PQcmdTuples, (PGresult *res), (res)) \
    X(int, PQconnectionNeedsPassword, (const PGconn *conn), (conn)) \
    X(PostgresPollingStatusType, PQconnectPoll, (PGconn *conn), (conn)) \
    X(PGconn *, PQconnectStartParams, \
      (const char *const *keywords, const char *const *values, int expand_dbname), \
      (keywords, values, expand_dbname)) \
    X(void, PQconninfoFree, (PQconninfoOption *connOptions), (connOptions)) \
    X(PQconninfoOption *, PQconninfoParse, (const char *conninfo, char **errmsg), (conninfo, errmsg)) \
    X(int, PQconsumeInput, (PGconn *conn), (conn)) \
    X(int, PQenterPipelineMode, (PGconn *conn), (conn)) \
    X(int, PQexitPipelineMode, (PGconn *conn), (conn)) \
    X(int, PQpipelineSync, (PGconn *conn), (conn)) \
    X(PGTransactionStatusType, PQtransactionStatus, (const PGconn *conn), (conn)) \
    X(char *, PQdb, (const PGconn *conn), (conn)) \
    X(char *, PQerrorMessage, (const PGconn *conn), (conn)) \
    X(void, PQfinish, (PGconn *conn), (conn)) \
    X(int, PQflush, (PGconn *conn), (conn)) \
    X(char *, PQfname, (const PGresult *res, int field_num), (res, field_num)) \
    X(void, PQfreeCancel, (PGcancel *cancel), (cancel)) \
    X(void, PQfreemem, (void *ptr), (ptr)) \
    X(Oid, PQftype, (const PGresult *res, int field_num), (res, field_num)) \
    X(PGcancel *, PQgetCancel, (PGconn *conn), (conn)) \
    X(int, PQgetisnull, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num)) \
    X(int, PQgetlength, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num)) \
    X(PGresult *, PQgetResult, (PGconn *conn), (conn)) \
    X(char *, PQgetvalue, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num)) \
    X(char *, PQhost, (const PGconn *conn), (conn)) \
    X(int, PQisBusy, (PGconn *conn), (conn)) \
    X(int, PQnfields, (const PGresult *res), (res)) \
    X(PGnotify *, PQnotifies, (PGconn *conn), (conn)) \
    X(int, PQntuples, (const PGresult *res), (res)) \
    X(char *, PQport, (const PGconn *conn), (conn)) \
    X(char *, PQresultErrorField, (const PGresult *res, int fieldcode), (res, fieldcode)) \
    X(char *, PQresultErrorMessage, (const PGresult *res), (res)) \
    X(ExecStatusType, PQresultStatus, (const PGresult *res), (res)) \
    X(int, PQsendQueryParams, \
      (PGconn *conn, const char *command, int nParams, const Oid *paramTypes, \
       const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat), \
      (conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat)) \
    X(int, PQsetnonblocking, (PGconn *conn, int arg), (conn, arg)) \
    X(PQnoticeReceiver, PQsetNoticeReceiver, (PGconn *conn, PQnoticeReceiver proc, void *arg), (conn, proc, arg)) \
    X(int, PQsocket, (const PGconn *conn), (conn)) \
    X(ConnStatusType, PQstatus, (const PGconn *conn), (conn))

/* cpq_NAME calls NAME, looked up on the first call and kept. For a void function,
 * `return f args;` returns a void call, which Clang accepts as C++ does. */
#define CPQ_WRAPPER(type, name, params, args) \
    static inline type cpq_##name params { \
        static __typeof__(&name) f; \
        if (!f) f = (__typeof__(&name))cpq_symbol(#name); \
        return f args; \
    }

CPQ_LIBPQ_FUNCTIONS(CPQ_WRAPPER)

#undef CPQ_WRAPPER

#endif
