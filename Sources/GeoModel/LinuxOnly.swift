// geocache-tui is a Linux program: its terminal layer uses ncursesw and glibc
// (CNcurses, CSystem), and it opens Debian's libpq, libxml2 and libarchive by their
// Debian names.
// Every other target depends on GeoModel, so a build for another system stops here
// first, with this message.
#if !os(Linux)
#error("geocache-tui builds on Linux only: it uses ncursesw, glibc and Debian's libraries")
#endif
