#ifndef AASA_CPSL_SHIM_H
#define AASA_CPSL_SHIM_H

/* libpsl (Debian libpsl-dev; Homebrew libpsl) for Swift: the Public Suffix List compiled into
   the library (psl_builtin(), ICANN and private sections), which registrable domains and their
   first labels are read from (webauthn-reference.md §3.4). No file is read at run time. */

#include <libpsl.h>

#endif
