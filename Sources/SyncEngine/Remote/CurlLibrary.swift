// Only where libcurl is the transport: Linux, unless built with SYNCENGINE_TRANSPORT=urlsession.
#if canImport(CCurl)
    import CCurl
    import Glibc

    /// libcurl, loaded with `dlopen` on the first transfer rather than linked.
    ///
    /// Linking libcurl maps it and the ~45 libraries behind it (TLS, Kerberos, LDAP, …) into every
    /// process at start-up, most of the time of a cold offline read that never touches the
    /// network. So nothing links it: `CCurl` provides only the headers, and the few functions the
    /// transport calls are resolved here once, into typed function pointers.
    ///
    /// `@unchecked Sendable`: every stored property is immutable after `load`, the raw pointers are
    /// code addresses in a library that is never unloaded, and libcurl's functions are safe to call
    /// from any thread on distinct handles.
    struct CurlLibrary: @unchecked Sendable {
        /// The soname Debian's `libcurl4-openssl-dev` (and every libcurl 7/8) installs.
        static let defaultName = "libcurl.so.4"

        /// The process's libcurl: loaded, resolved and `curl_global_init`-ed once, on first use
        /// (a `static let` is initialised exactly once, thread-safely).
        static let shared: Result<CurlLibrary, TransportError> = load(defaultName)

        let easyInit: ccurl_easy_init_fn
        let easyCleanup: ccurl_easy_cleanup_fn
        let easyReset: ccurl_easy_reset_fn
        let easyStrerror: ccurl_easy_strerror_fn
        let easyNextHeader: ccurl_easy_nextheader_fn
        let slistAppend: ccurl_slist_append_fn
        let slistFreeAll: ccurl_slist_free_all_fn
        let multiInit: ccurl_multi_init_fn
        let multiCleanup: ccurl_multi_cleanup_fn
        let multiAddHandle: ccurl_multi_add_handle_fn
        let multiRemoveHandle: ccurl_multi_remove_handle_fn
        let multiPerform: ccurl_multi_perform_fn
        let multiPoll: ccurl_multi_poll_fn
        let multiWakeup: ccurl_multi_wakeup_fn
        let multiInfoRead: ccurl_multi_info_read_fn
        /// The variadic `curl_easy_setopt` and `curl_easy_getinfo`, for the `ccurl_set_*`/`ccurl_get_*`
        /// wrappers in shim.h, which call through them with the right argument types.
        let setopt: UnsafeMutableRawPointer
        let getinfo: UnsafeMutableRawPointer

        /// Opens `name`, resolves every function the transport calls and runs `curl_global_init`.
        /// A library that is missing, lacks a function (older than 7.83, which added
        /// `curl_easy_nextheader`) or fails to initialise is an error, never a crash.
        static func load(_ name: String) -> Result<CurlLibrary, TransportError> {
            func failure(_ reason: String) -> Result<CurlLibrary, TransportError> {
                .failure(TransportError(code: .unavailable, url: "", message: "libcurl could not be loaded: \(reason)"))
            }
            // RTLD_LOCAL: libcurl's symbols stay out of the global namespace, so they can clash
            // with nothing else the process loads.
            guard let library = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
                return failure(dlerror().map { String(cString: $0) } ?? "\(name) not found")
            }
            var missing: [String] = []
            func symbol(_ symbolName: String) -> UnsafeMutableRawPointer? {
                let address = dlsym(library, symbolName)
                if address == nil { missing.append(symbolName) }
                return address
            }
            let addresses = (
                globalInit: symbol("curl_global_init"), easyInit: symbol("curl_easy_init"),
                easyCleanup: symbol("curl_easy_cleanup"), easyReset: symbol("curl_easy_reset"),
                easyStrerror: symbol("curl_easy_strerror"),
                easyNextHeader: symbol("curl_easy_nextheader"), slistAppend: symbol("curl_slist_append"),
                slistFreeAll: symbol("curl_slist_free_all"), setopt: symbol("curl_easy_setopt"),
                getinfo: symbol("curl_easy_getinfo"), multiInit: symbol("curl_multi_init"),
                multiCleanup: symbol("curl_multi_cleanup"), multiAddHandle: symbol("curl_multi_add_handle"),
                multiRemoveHandle: symbol("curl_multi_remove_handle"), multiPerform: symbol("curl_multi_perform"),
                multiPoll: symbol("curl_multi_poll"), multiWakeup: symbol("curl_multi_wakeup"),
                multiInfoRead: symbol("curl_multi_info_read")
            )
            guard missing.isEmpty,
                let globalInit = addresses.globalInit, let easyInit = addresses.easyInit,
                let easyCleanup = addresses.easyCleanup, let easyReset = addresses.easyReset,
                let easyStrerror = addresses.easyStrerror,
                let easyNextHeader = addresses.easyNextHeader, let slistAppend = addresses.slistAppend,
                let slistFreeAll = addresses.slistFreeAll, let setopt = addresses.setopt,
                let getinfo = addresses.getinfo, let multiInit = addresses.multiInit,
                let multiCleanup = addresses.multiCleanup, let multiAddHandle = addresses.multiAddHandle,
                let multiRemoveHandle = addresses.multiRemoveHandle, let multiPerform = addresses.multiPerform,
                let multiPoll = addresses.multiPoll, let multiWakeup = addresses.multiWakeup,
                let multiInfoRead = addresses.multiInfoRead
            else {
                dlclose(library)
                return failure("\(name) lacks \(missing.joined(separator: ", "))")
            }
            // Once per process, before the first transfer (`shared` is initialised once).
            let initialised = unsafeBitCast(globalInit, to: ccurl_global_init_fn.self)(Int(CURL_GLOBAL_ALL))
            guard initialised == CURLE_OK else {
                return failure("curl_global_init failed with code \(initialised.rawValue)")
            }
            return .success(
                CurlLibrary(
                    easyInit: unsafeBitCast(easyInit, to: ccurl_easy_init_fn.self),
                    easyCleanup: unsafeBitCast(easyCleanup, to: ccurl_easy_cleanup_fn.self),
                    easyReset: unsafeBitCast(easyReset, to: ccurl_easy_reset_fn.self),
                    easyStrerror: unsafeBitCast(easyStrerror, to: ccurl_easy_strerror_fn.self),
                    easyNextHeader: unsafeBitCast(easyNextHeader, to: ccurl_easy_nextheader_fn.self),
                    slistAppend: unsafeBitCast(slistAppend, to: ccurl_slist_append_fn.self),
                    slistFreeAll: unsafeBitCast(slistFreeAll, to: ccurl_slist_free_all_fn.self),
                    multiInit: unsafeBitCast(multiInit, to: ccurl_multi_init_fn.self),
                    multiCleanup: unsafeBitCast(multiCleanup, to: ccurl_multi_cleanup_fn.self),
                    multiAddHandle: unsafeBitCast(multiAddHandle, to: ccurl_multi_add_handle_fn.self),
                    multiRemoveHandle: unsafeBitCast(multiRemoveHandle, to: ccurl_multi_remove_handle_fn.self),
                    multiPerform: unsafeBitCast(multiPerform, to: ccurl_multi_perform_fn.self),
                    multiPoll: unsafeBitCast(multiPoll, to: ccurl_multi_poll_fn.self),
                    multiWakeup: unsafeBitCast(multiWakeup, to: ccurl_multi_wakeup_fn.self),
                    multiInfoRead: unsafeBitCast(multiInfoRead, to: ccurl_multi_info_read_fn.self),
                    setopt: setopt, getinfo: getinfo))
        }
    }
#endif
