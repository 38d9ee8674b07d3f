#ifndef AASA_CCRYPTO_SHIM_H
#define AASA_CCRYPTO_SHIM_H

/* OpenSSL's libcrypto for Swift (Debian libssl-dev): the EVP digests (SHA-1, SHA-256, SHA-384)
   that code signatures seal. No variadic call is needed. */

#include <openssl/evp.h>

#endif
