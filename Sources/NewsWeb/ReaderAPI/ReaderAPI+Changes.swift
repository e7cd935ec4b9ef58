import SyncEngine

// The changes an app makes: read, unread, starred, all read; and what a fault answers.

extension ReaderAPI {
    func editTag(_ request: ReaderRequest) async throws(ReaderFault) -> WebResponse {
        let ids = try ids(request)
        guard !ids.isEmpty else { throw .badRequest("i is needed") }
        let added = request.values("a").compactMap(ReaderStreamID.state)
        let removed = request.values("r").compactMap(ReaderStreamID.state)
        let known: [ArchiveItem]
        do { known = try await engine.items(ids: ids) } catch { throw Self.fault(error) }
        do {
            for item in known {
                if added.contains("read") { try await engine.markRead(id: item.id) }
                if removed.contains("read") || added.contains("kept-unread") { try await engine.markUnread(id: item.id) }
                if added.contains("starred") { try await engine.addFavorite(id: item.id, policy: .cacheOnly) }
                if removed.contains("starred") { try await engine.removeFavorite(id: item.id) }
            }
        } catch {
            throw Self.fault(error)
        }
        return .text("OK")
    }

    func markAllRead(_ request: ReaderRequest) async throws(ReaderFault) -> WebResponse {
        guard let id = request.value("s"), !id.isEmpty else { throw .badRequest("s is needed") }
        let stream = try await stream(id)
        var upTo: Int64?
        if let ts = request.value("ts"), !ts.isEmpty {
            guard let micro = Int64(ts), micro >= 0 else { throw .badRequest("ts must be a time in microseconds") }
            upTo = micro / 1_000_000
        }
        do { try await engine.markAllRead(in: stream, upTo: upTo) } catch { throw Self.fault(error) }
        return .text("OK")
    }

    static func fault(_ error: AccountError) -> ReaderFault {
        if let syncError = error.syncError { return fault(syncError) }
        if error.code == .noCrypto { return ReaderFault(status: 503, message: "accounts are unavailable: " + error.message) }
        return ReaderFault(status: 500, message: error.message)
    }

    static func fault(_ error: SyncError) -> ReaderFault {
        if error.databaseError?.problem == .readOnly {
            return ReaderFault(status: 503, message: "the archive is read-only: " + error.message)
        }
        return ReaderFault(status: error.code == .notFound ? 404 : 500, message: error.message)
    }

    /// A fault met before the client is known: the log has what went wrong, the client only that
    /// the service is unavailable (the archive's path and SQLite's words are no stranger's business).
    func hidden(_ error: AccountError) -> ReaderFault {
        ReaderFault(status: 503, message: "Error=ServiceUnavailable", detail: error.message)
    }
}
