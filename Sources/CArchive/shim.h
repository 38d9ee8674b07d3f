#ifndef AASA_CARCHIVE_SHIM_H
#define AASA_CARCHIVE_SHIM_H

/* libarchive for Swift (Debian's libarchive-dev, found through pkg-config). The functions
   aasa-check calls are not variadic, so this header only gathers the public headers. */

#include <archive.h>
#include <archive_entry.h>

#endif
