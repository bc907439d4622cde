/* The functions of this module with a C local whose address is taken stay out of
 * line: one inlined into a Swift function gives up the canary -fstack-protector-strong
 * puts in it (Package.swift's `cModules`), where one that is called keeps it.
 * ReleaseBuildTests.theCShimsHaveStackCanaries names them. */
#ifndef GEOCACHE_CSYSTEM_OUT_OF_LINE_H
#define GEOCACHE_CSYSTEM_OUT_OF_LINE_H

#define SYS_OUT_OF_LINE __attribute__((noinline))

#endif
