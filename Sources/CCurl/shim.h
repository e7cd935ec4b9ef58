#pragma once
#include <curl/curl.h>

// libcurl is loaded at run time (dlopen/dlsym in CurlTransport), never linked, so nothing here
// may call a libcurl function by name: each wrapper calls through a pointer that dlsym returned.

// The types of the functions CurlTransport resolves, taken from the headers so they cannot drift.
// Swift imports each as a `@convention(c)` function type to cast dlsym's pointer to.
typedef __typeof__(curl_global_init) *ccurl_global_init_fn;
typedef __typeof__(curl_easy_init) *ccurl_easy_init_fn;
typedef __typeof__(curl_easy_cleanup) *ccurl_easy_cleanup_fn;
typedef __typeof__(curl_easy_reset) *ccurl_easy_reset_fn;
typedef __typeof__(curl_easy_strerror) *ccurl_easy_strerror_fn;
typedef __typeof__(curl_easy_nextheader) *ccurl_easy_nextheader_fn;
typedef __typeof__(curl_slist_append) *ccurl_slist_append_fn;
typedef __typeof__(curl_slist_free_all) *ccurl_slist_free_all_fn;
typedef __typeof__(curl_multi_init) *ccurl_multi_init_fn;
typedef __typeof__(curl_multi_cleanup) *ccurl_multi_cleanup_fn;
typedef __typeof__(curl_multi_add_handle) *ccurl_multi_add_handle_fn;
typedef __typeof__(curl_multi_remove_handle) *ccurl_multi_remove_handle_fn;
typedef __typeof__(curl_multi_perform) *ccurl_multi_perform_fn;
typedef __typeof__(curl_multi_poll) *ccurl_multi_poll_fn;
typedef __typeof__(curl_multi_wakeup) *ccurl_multi_wakeup_fn;
typedef __typeof__(curl_multi_info_read) *ccurl_multi_info_read_fn;

// curl_easy_setopt and curl_easy_getinfo are variadic: Swift can neither call them nor name their
// pointer types, so it passes dlsym's pointer (`setopt`, `getinfo`) and each argument type gets a
// typed wrapper that calls through it as the variadic function it is.
typedef CURLcode (*ccurl_easy_setopt_fn)(CURL *, CURLoption, ...);
typedef CURLcode (*ccurl_easy_getinfo_fn)(CURL *, CURLINFO, ...);

static inline CURLcode ccurl_set_long(void *setopt, CURL *handle, CURLoption option, long value) {
    return ((ccurl_easy_setopt_fn)setopt)(handle, option, value);
}

static inline CURLcode ccurl_set_off_t(void *setopt, CURL *handle, CURLoption option, curl_off_t value) {
    return ((ccurl_easy_setopt_fn)setopt)(handle, option, value);
}

static inline CURLcode ccurl_set_string(void *setopt, CURL *handle, CURLoption option, const char *value) {
    return ((ccurl_easy_setopt_fn)setopt)(handle, option, value);
}

static inline CURLcode ccurl_set_pointer(void *setopt, CURL *handle, CURLoption option, void *value) {
    return ((ccurl_easy_setopt_fn)setopt)(handle, option, value);
}

static inline CURLcode ccurl_set_slist(void *setopt, CURL *handle, CURLoption option, struct curl_slist *value) {
    return ((ccurl_easy_setopt_fn)setopt)(handle, option, value);
}

static inline CURLcode ccurl_set_write_function(void *setopt, CURL *handle, curl_write_callback callback) {
    return ((ccurl_easy_setopt_fn)setopt)(handle, CURLOPT_WRITEFUNCTION, callback);
}

static inline CURLcode ccurl_get_off_t(void *getinfo, CURL *handle, CURLINFO info, curl_off_t *value) {
    return ((ccurl_easy_getinfo_fn)getinfo)(handle, info, value);
}

static inline CURLcode ccurl_get_long(void *getinfo, CURL *handle, CURLINFO info, long *value) {
    return ((ccurl_easy_getinfo_fn)getinfo)(handle, info, value);
}

static inline CURLcode ccurl_set_header_function(void *setopt, CURL *handle, curl_write_callback callback) {
    return ((ccurl_easy_setopt_fn)setopt)(handle, CURLOPT_HEADERFUNCTION, callback);
}

static inline CURLcode ccurl_get_certinfo(void *getinfo, CURL *handle, struct curl_certinfo **value) {
    return ((ccurl_easy_getinfo_fn)getinfo)(handle, CURLINFO_CERTINFO, value);
}
