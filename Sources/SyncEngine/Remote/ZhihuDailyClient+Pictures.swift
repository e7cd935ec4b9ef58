extension ZhihuDailyClient {
    /// A picture's bytes from its own address (no base URL: pictures live on their own hosts),
    /// checked by `PictureCheck` before they are returned: the format from the magic bytes, never
    /// the `Content-Type`. An answer longer than the transport's body cap (8 MiB by default, the
    /// check's cap too) is cut off there and refused as too large. Transient failures are retried
    /// as pages are; a 429 asks the sync to slow down. Asks for pictures (`HTTPAccept.pictures`),
    /// not JSON; no `Referer` is sent (zhimg.com refuses a foreign one with 403): the transports
    /// send none.
    func picture(_ key: PictureKey, check: PictureCheck = PictureCheck()) async throws(RemoteError) -> PictureStore.Kept {
        let response = try await retrying { deadline async throws(RemoteError) -> HTTPResponse in
            try await pictureOnce(key.value, deadline: deadline)
        }
        do {
            let info = try check.check(response.body)
            return PictureStore.Kept(key: key, info: info, bytes: response.body)
        } catch {
            var refused = RemoteError(code: .badResponse, url: response.url, message: "refused picture: \(error.message)")
            refused.pictureRefusal = error.code
            throw refused
        }
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
