#ifndef AASA_CZLIB_SHIM_H
#define AASA_CZLIB_SHIM_H

/* zlib for Swift (Debian zlib1g-dev; in the macOS SDK too): raw inflate for zip members, gzip
   streams for sitemaps, CRC-32, and raw deflate for the tests' zip writer. inflateInit2 and
   deflateInit2 are macros that pass the library's version and the stream's size, which Swift
   cannot call: these inline functions do. */

#include <zlib.h>

static inline int aasa_inflate_init2(z_stream *stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}

static inline int aasa_deflate_init2(z_stream *stream, int level, int window_bits) {
    return deflateInit2(stream, level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY);
}

#endif
