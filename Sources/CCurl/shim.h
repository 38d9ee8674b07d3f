#ifndef AASA_CCURL_SHIM_H
#define AASA_CCURL_SHIM_H

/* libcurl for Swift. curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic,
   which Swift cannot call; these non-variadic wrappers pass exactly one argument of the type
   the option documents (long, pointer, curl_off_t or a callback). */

#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

static inline CURLcode aasa_easy_setopt_long(CURL *h, CURLoption option, long value) {
    return curl_easy_setopt(h, option, value);
}

static inline CURLcode aasa_easy_setopt_ptr(CURL *h, CURLoption option, void *value) {
    return curl_easy_setopt(h, option, value);
}

static inline CURLcode aasa_easy_setopt_string(CURL *h, CURLoption option, const char *value) {
    return curl_easy_setopt(h, option, value);
}

static inline CURLcode aasa_easy_setopt_slist(CURL *h, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(h, option, value);
}

static inline CURLcode aasa_easy_setopt_off(CURL *h, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(h, option, value);
}

/* CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION */
static inline CURLcode aasa_easy_setopt_write_callback(CURL *h, CURLoption option, curl_write_callback value) {
    return curl_easy_setopt(h, option, value);
}

/* CURLOPT_XFERINFOFUNCTION */
static inline CURLcode aasa_easy_setopt_xferinfo_callback(CURL *h, curl_xferinfo_callback value) {
    return curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, value);
}

static inline CURLcode aasa_easy_getinfo_long(CURL *h, CURLINFO info, long *value) {
    return curl_easy_getinfo(h, info, value);
}

static inline CURLcode aasa_easy_getinfo_string(CURL *h, CURLINFO info, char **value) {
    return curl_easy_getinfo(h, info, value);
}

static inline CURLcode aasa_easy_getinfo_off(CURL *h, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(h, info, value);
}

static inline CURLMcode aasa_multi_setopt_long(CURLM *m, CURLMoption option, long value) {
    return curl_multi_setopt(m, option, value);
}

/* The feature bits of the libcurl in use (CURLVERSION_NOW is a macro Swift cannot read). */
static inline int aasa_curl_features(void) {
    curl_version_info_data *info = curl_version_info(CURLVERSION_NOW);
    return info ? info->features : 0;
}

#endif
