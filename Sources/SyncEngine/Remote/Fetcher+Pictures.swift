extension Fetcher {
    /// GETs a picture from its own address (no base URL), asking for pictures
    /// (`HTTPAccept.pictures`), not JSON; transient failures are retried as pages are, and a 429
    /// asks the sync to slow down. An answer past the transport's body cap is refused as too
    /// large (`RemoteError.pictureRefusal`).
    func fetchPicture(_ url: String) async throws(RemoteError) -> HTTPResponse {
        try await retrying { deadline async throws(RemoteError) -> HTTPResponse in try await pictureOnce(url, deadline: deadline) }
    }

    private func pictureOnce(_ url: String, deadline: ContinuousClock.Instant) async throws(RemoteError) -> HTTPResponse {
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else {
            throw RemoteError(
                code: .unreachable, url: url, transportError: TransportError(code: .timeout, url: url, message: "deadline passed"),
                message: "the network deadline passed")
        }
        let response: HTTPResponse
        do {
            response = try await transport.get(url, timeout: remaining, accept: HTTPAccept.pictures)
        } catch {
            switch error.code {
            case .cancelled: throw RemoteError(code: .cancelled, url: url, transportError: error, message: "cancelled")
            case .tooLarge:
                var refused = RemoteError(
                    code: .badResponse, url: url, transportError: error, message: "refused picture: \(error.message)")
                refused.pictureRefusal = .tooLarge
                throw refused
            default: throw RemoteError(code: .unreachable, url: url, transportError: error, message: error.message)
            }
        }
        guard (200..<300).contains(response.status) else {
            let error = RemoteError(
                code: .httpStatus, url: url, status: response.status, retryAfter: response.headers["retry-after"],
                message: "HTTP \(response.status)")
            if error.isRateLimited { slowDown.note() }
            throw error
        }
        return response
    }
}
