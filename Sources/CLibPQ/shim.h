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

static inline int cpq_PQconsumeInput(PGconn *conn) {
    static __typeof__(&PQconsumeInput) f;
    if (!f) f = (__typeof__(&PQconsumeInput))cpq_symbol("PQconsumeInput");
    return f(conn);
}

static inline ConnStatusType cpq_PQstatus(const PGconn *conn) {
    static __typeof__(&PQstatus) f;
    if (!f) f = (__typeof__(&PQstatus))cpq_symbol("PQstatus");
    return f(conn);
}

static inline int cpq_PQsocket(const PGconn *conn) {
    static __typeof__(&PQsocket) f;
    if (!f) f = (__typeof__(&PQsocket))cpq_symbol("PQsocket");
    return f(conn);
}

static inline char * cpq_PQresultErrorField(const PGresult *res, int fieldcode) {
    static __typeof__(&PQresultErrorField) f;
    if (!f) f = (__typeof__(&PQresultErrorField))cpq_symbol("PQresultErrorField");
    return f(res, fieldcode);
}

static inline int cpq_PQisBusy(PGconn *conn) {
    static __typeof__(&PQisBusy) f;
    if (!f) f = (__typeof__(&PQisBusy))cpq_symbol("PQisBusy");
    return f(conn);
}

static inline void cpq_PQfinish(PGconn *conn) {
    static __typeof__(&PQfinish) f;
    if (!f) f = (__typeof__(&PQfinish))cpq_symbol("PQfinish");
    f(conn);
}

static inline char * cpq_PQerrorMessage(const PGconn *conn) {
    static __typeof__(&PQerrorMessage) f;
    if (!f) f = (__typeof__(&PQerrorMessage))cpq_symbol("PQerrorMessage");
    return f(conn);
}

static inline int cpq_PQcancel(PGcancel *cancel, char *errbuf, int errbufsize) {
    static __typeof__(&PQcancel) f;
    if (!f) f = (__typeof__(&PQcancel))cpq_symbol("PQcancel");
    return f(cancel, errbuf, errbufsize);
}

static inline char * cpq_PQresultErrorMessage(const PGresult *res) {
    static __typeof__(&PQresultErrorMessage) f;
    if (!f) f = (__typeof__(&PQresultErrorMessage))cpq_symbol("PQresultErrorMessage");
    return f(res);
}

static inline char * cpq_PQport(const PGconn *conn) {
    static __typeof__(&PQport) f;
    if (!f) f = (__typeof__(&PQport))cpq_symbol("PQport");
    return f(conn);
}

static inline char * cpq_PQhost(const PGconn *conn) {
    static __typeof__(&PQhost) f;
    if (!f) f = (__typeof__(&PQhost))cpq_symbol("PQhost");
    return f(conn);
}

static inline void cpq_PQfreemem(void *ptr) {
    static __typeof__(&PQfreemem) f;
    if (!f) f = (__typeof__(&PQfreemem))cpq_symbol("PQfreemem");
    f(ptr);
}

static inline char * cpq_PQdb(const PGconn *conn) {
    static __typeof__(&PQdb) f;
    if (!f) f = (__typeof__(&PQdb))cpq_symbol("PQdb");
    return f(conn);
}

static inline PQconninfoOption * cpq_PQconninfoParse(const char *conninfo, char **errmsg) {
    static __typeof__(&PQconninfoParse) f;
    if (!f) f = (__typeof__(&PQconninfoParse))cpq_symbol("PQconninfoParse");
    return f(conninfo, errmsg);
}

static inline PostgresPollingStatusType cpq_PQconnectPoll(PGconn *conn) {
    static __typeof__(&PQconnectPoll) f;
    if (!f) f = (__typeof__(&PQconnectPoll))cpq_symbol("PQconnectPoll");
    return f(conn);
}

static inline char * cpq_PQcmdTuples(PGresult *res) {
    static __typeof__(&PQcmdTuples) f;
    if (!f) f = (__typeof__(&PQcmdTuples))cpq_symbol("PQcmdTuples");
    return f(res);
}

static inline int cpq_PQsetnonblocking(PGconn *conn, int arg) {
    static __typeof__(&PQsetnonblocking) f;
    if (!f) f = (__typeof__(&PQsetnonblocking))cpq_symbol("PQsetnonblocking");
    return f(conn, arg);
}

static inline PQnoticeReceiver cpq_PQsetNoticeReceiver(PGconn *conn, PQnoticeReceiver proc, void *arg) {
    static __typeof__(&PQsetNoticeReceiver) f;
    if (!f) f = (__typeof__(&PQsetNoticeReceiver))cpq_symbol("PQsetNoticeReceiver");
    return f(conn, proc, arg);
}

static inline int cpq_PQsendQueryParams(PGconn *conn, const char *command, int nParams, const Oid *paramTypes, const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat) {
    static __typeof__(&PQsendQueryParams) f;
    if (!f) f = (__typeof__(&PQsendQueryParams))cpq_symbol("PQsendQueryParams");
    return f(conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat);
}

static inline ExecStatusType cpq_PQresultStatus(const PGresult *res) {
    static __typeof__(&PQresultStatus) f;
    if (!f) f = (__typeof__(&PQresultStatus))cpq_symbol("PQresultStatus");
    return f(res);
}

static inline int cpq_PQntuples(const PGresult *res) {
    static __typeof__(&PQntuples) f;
    if (!f) f = (__typeof__(&PQntuples))cpq_symbol("PQntuples");
    return f(res);
}

static inline PGnotify * cpq_PQnotifies(PGconn *conn) {
    static __typeof__(&PQnotifies) f;
    if (!f) f = (__typeof__(&PQnotifies))cpq_symbol("PQnotifies");
    return f(conn);
}

static inline int cpq_PQnfields(const PGresult *res) {
    static __typeof__(&PQnfields) f;
    if (!f) f = (__typeof__(&PQnfields))cpq_symbol("PQnfields");
    return f(res);
}

static inline char * cpq_PQgetvalue(const PGresult *res, int tup_num, int field_num) {
    static __typeof__(&PQgetvalue) f;
    if (!f) f = (__typeof__(&PQgetvalue))cpq_symbol("PQgetvalue");
    return f(res, tup_num, field_num);
}

static inline int cpq_PQgetlength(const PGresult *res, int tup_num, int field_num) {
    static __typeof__(&PQgetlength) f;
    if (!f) f = (__typeof__(&PQgetlength))cpq_symbol("PQgetlength");
    return f(res, tup_num, field_num);
}

static inline int cpq_PQgetisnull(const PGresult *res, int tup_num, int field_num) {
    static __typeof__(&PQgetisnull) f;
    if (!f) f = (__typeof__(&PQgetisnull))cpq_symbol("PQgetisnull");
    return f(res, tup_num, field_num);
}

static inline PGresult * cpq_PQgetResult(PGconn *conn) {
    static __typeof__(&PQgetResult) f;
    if (!f) f = (__typeof__(&PQgetResult))cpq_symbol("PQgetResult");
    return f(conn);
}

static inline PGcancel * cpq_PQgetCancel(PGconn *conn) {
    static __typeof__(&PQgetCancel) f;
    if (!f) f = (__typeof__(&PQgetCancel))cpq_symbol("PQgetCancel");
    return f(conn);
}

static inline Oid cpq_PQftype(const PGresult *res, int field_num) {
    static __typeof__(&PQftype) f;
    if (!f) f = (__typeof__(&PQftype))cpq_symbol("PQftype");
    return f(res, field_num);
}

static inline void cpq_PQfreeCancel(PGcancel *cancel) {
    static __typeof__(&PQfreeCancel) f;
    if (!f) f = (__typeof__(&PQfreeCancel))cpq_symbol("PQfreeCancel");
    f(cancel);
}

static inline char * cpq_PQfname(const PGresult *res, int field_num) {
    static __typeof__(&PQfname) f;
    if (!f) f = (__typeof__(&PQfname))cpq_symbol("PQfname");
    return f(res, field_num);
}

static inline int cpq_PQflush(PGconn *conn) {
    static __typeof__(&PQflush) f;
    if (!f) f = (__typeof__(&PQflush))cpq_symbol("PQflush");
    return f(conn);
}

static inline void cpq_PQconninfoFree(PQconninfoOption *connOptions) {
    static __typeof__(&PQconninfoFree) f;
    if (!f) f = (__typeof__(&PQconninfoFree))cpq_symbol("PQconninfoFree");
    f(connOptions);
}

static inline int cpq_PQconnectionNeedsPassword(const PGconn *conn) {
    static __typeof__(&PQconnectionNeedsPassword) f;
    if (!f) f = (__typeof__(&PQconnectionNeedsPassword))cpq_symbol("PQconnectionNeedsPassword");
    return f(conn);
}

static inline PGconn * cpq_PQconnectStartParams(const char *const *keywords, const char *const *values, int expand_dbname) {
    static __typeof__(&PQconnectStartParams) f;
    if (!f) f = (__typeof__(&PQconnectStartParams))cpq_symbol("PQconnectStartParams");
    return f(keywords, values, expand_dbname);
}

static inline char * cpq_PQcmdStatus(PGresult *res) {
    static __typeof__(&PQcmdStatus) f;
    if (!f) f = (__typeof__(&PQcmdStatus))cpq_symbol("PQcmdStatus");
    return f(res);
}

static inline void cpq_PQclear(PGresult *res) {
    static __typeof__(&PQclear) f;
    if (!f) f = (__typeof__(&PQclear))cpq_symbol("PQclear");
    f(res);
}

static inline int cpq_PQbackendPID(const PGconn *conn) {
    static __typeof__(&PQbackendPID) f;
    if (!f) f = (__typeof__(&PQbackendPID))cpq_symbol("PQbackendPID");
    return f(conn);
}

#endif
