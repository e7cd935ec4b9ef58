// Only where libcurl is the transport: Linux, unless built with SYNCENGINE_TRANSPORT=urlsession.
#if canImport(CCurl)
    import CCurl

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
            let library: SharedLibrary
            switch SharedLibrary.open(name, package: "libcurl4") {
            case .success(let opened): library = opened
            case .failure(let error): return failure(error.reason)
            }
            var resolve = SymbolResolver(library)
            let easy = (
                globalInit: resolve("curl_global_init", ccurl_global_init_fn.self),
                easyInit: resolve("curl_easy_init", ccurl_easy_init_fn.self),
                easyCleanup: resolve("curl_easy_cleanup", ccurl_easy_cleanup_fn.self),
                easyReset: resolve("curl_easy_reset", ccurl_easy_reset_fn.self),
                easyStrerror: resolve("curl_easy_strerror", ccurl_easy_strerror_fn.self),
                easyNextHeader: resolve("curl_easy_nextheader", ccurl_easy_nextheader_fn.self),
                slistAppend: resolve("curl_slist_append", ccurl_slist_append_fn.self),
                slistFreeAll: resolve("curl_slist_free_all", ccurl_slist_free_all_fn.self),
                // The variadic two, resolved as plain addresses for shim.h.
                setopt: resolve("curl_easy_setopt", UnsafeMutableRawPointer.self),
                getinfo: resolve("curl_easy_getinfo", UnsafeMutableRawPointer.self)
            )
            let multi = (
                multiInit: resolve("curl_multi_init", ccurl_multi_init_fn.self),
                multiCleanup: resolve("curl_multi_cleanup", ccurl_multi_cleanup_fn.self),
                multiAddHandle: resolve("curl_multi_add_handle", ccurl_multi_add_handle_fn.self),
                multiRemoveHandle: resolve("curl_multi_remove_handle", ccurl_multi_remove_handle_fn.self),
                multiPerform: resolve("curl_multi_perform", ccurl_multi_perform_fn.self),
                multiPoll: resolve("curl_multi_poll", ccurl_multi_poll_fn.self),
                multiWakeup: resolve("curl_multi_wakeup", ccurl_multi_wakeup_fn.self),
                multiInfoRead: resolve("curl_multi_info_read", ccurl_multi_info_read_fn.self)
            )
            guard let globalInit = easy.globalInit, let easyInit = easy.easyInit, let easyCleanup = easy.easyCleanup,
                let easyReset = easy.easyReset, let easyStrerror = easy.easyStrerror,
                let easyNextHeader = easy.easyNextHeader, let slistAppend = easy.slistAppend,
                let slistFreeAll = easy.slistFreeAll, let setopt = easy.setopt, let getinfo = easy.getinfo,
                let multiInit = multi.multiInit, let multiCleanup = multi.multiCleanup,
                let multiAddHandle = multi.multiAddHandle, let multiRemoveHandle = multi.multiRemoveHandle,
                let multiPerform = multi.multiPerform, let multiPoll = multi.multiPoll,
                let multiWakeup = multi.multiWakeup, let multiInfoRead = multi.multiInfoRead
            else {
                library.close()
                return failure(resolve.failure.reason)
            }
            // Once per process, before the first transfer (`shared` is initialised once).
            let initialised = globalInit(Int(CURL_GLOBAL_ALL))
            guard initialised == CURLE_OK else {
                return failure("curl_global_init failed with code \(initialised.rawValue)")
            }
            return .success(
                CurlLibrary(
                    easyInit: easyInit, easyCleanup: easyCleanup, easyReset: easyReset, easyStrerror: easyStrerror,
                    easyNextHeader: easyNextHeader, slistAppend: slistAppend, slistFreeAll: slistFreeAll,
                    multiInit: multiInit, multiCleanup: multiCleanup, multiAddHandle: multiAddHandle,
                    multiRemoveHandle: multiRemoveHandle, multiPerform: multiPerform, multiPoll: multiPoll,
                    multiWakeup: multiWakeup, multiInfoRead: multiInfoRead, setopt: setopt, getinfo: getinfo))
        }
    }
#endif
