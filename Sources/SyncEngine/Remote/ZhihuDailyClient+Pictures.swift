extension ZhihuDailyClient {
    /// A picture's bytes from its own address (no base URL: pictures live on their own hosts),
    /// checked by `PictureCheck` before they are returned: the format from the magic bytes, never
    /// the `Content-Type`. An answer longer than the transport's body cap (8 MiB by default, the
    /// check's cap too) is cut off there and refused as too large. Transient failures are retried
    /// as pages are; a 429 asks the sync to slow down. Asks for pictures (`HTTPAccept.pictures`),
    /// not JSON; no `Referer` is sent (zhimg.com refuses a foreign one with 403): the transports
    /// send none.
    func picture(_ key: PictureKey, check: PictureCheck = PictureCheck()) async throws(RemoteError) -> PictureStore.Kept {
        let response = try await fetcher.fetchPicture(key.value)
        do {
            let info = try check.check(response.body)
            return PictureStore.Kept(key: key, info: info, bytes: response.body)
        } catch {
            var refused = RemoteError(code: .badResponse, url: response.url, message: "refused picture: \(error.message)")
            refused.pictureRefusal = error.code
            throw refused
        }
    }
}
