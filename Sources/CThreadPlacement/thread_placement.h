/* Where a new thread starts: the CPU calls glibc declares only under _GNU_SOURCE,
 * which Swift's Glibc module leaves out. Used by the model to start the thread that
 * opens the store on another CPU than the one opening the terminal (see
 * Sources/GeoModel/Store/StoreOpening.swift); the functions are glibc's (no library
 * to link). */
#ifndef GEOCACHE_CTHREADPLACEMENT_H
#define GEOCACHE_CTHREADPLACEMENT_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <pthread.h>
#include <sched.h>

/* Lets a thread created with `attributes` run on every CPU this process may use
 * except the one the calling thread runs on now. Linux puts a new thread on its
 * creator's CPU, and an idle CPU takes it over only at its next balancing tick (up to
 * 4 ms later), so two threads meant to work side by side would take turns. Returns 1
 * when the attributes were changed, 0 when there is no other CPU (or no answer). */
static inline int geocache_start_elsewhere(pthread_attr_t *attributes) {
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return 0;
    int current = sched_getcpu();
    if (current < 0 || current >= CPU_SETSIZE || !CPU_ISSET(current, &allowed)) return 0;
    CPU_CLR(current, &allowed);
    if (CPU_COUNT(&allowed) == 0) return 0;
    return pthread_attr_setaffinity_np(attributes, sizeof allowed, &allowed) == 0;
}

/* Lets `thread` run on every CPU the calling thread may use again. */
static inline void geocache_allow_every_cpu(pthread_t thread) {
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    if (sched_getaffinity(0, sizeof allowed, &allowed) == 0) {
        (void)pthread_setaffinity_np(thread, sizeof allowed, &allowed);
    }
}

#endif
