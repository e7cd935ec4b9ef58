#if canImport(CCurl)
    import Testing

    @testable import SyncEngine

    /// Response header names are lowercased byte by byte when ASCII, as `String.lowercased()` does.
    @Suite struct CurlHeaderNameTests {
        @Test(arguments: ["Retry-After", "content-type", "X-RateLimit-Remaining", "", "ÄÖ-Header", "Straße", "\u{212A}elvin", "A1_-Z"])
        func headerNames_areLoweredAsStringLowercasedDoes(_ name: String) {
            let lowered = name.withCString { EasyHandle.lowercasedName($0) }
            #expect(lowered == name.lowercased())
            #expect(lowered.utf8.elementsEqual(name.lowercased().utf8))
        }
    }
#endif
