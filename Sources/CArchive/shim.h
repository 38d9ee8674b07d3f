#ifndef AASA_CARCHIVE_SHIM_H
#define AASA_CARCHIVE_SHIM_H

/* libarchive for Swift (Debian libarchive-dev): the reader and the entry accessors used to
   stream the members of an .ipa (zip) without extracting it. No variadic call is needed. */

#include <archive.h>
#include <archive_entry.h>

#endif
