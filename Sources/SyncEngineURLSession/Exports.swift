// `import SyncEngineURLSession` gives SyncEngine and `URLSessionTransport` on every platform,
// whichever module holds the transport (this one on Linux with libcurl, SyncEngine elsewhere).
@_exported import SyncEngine
