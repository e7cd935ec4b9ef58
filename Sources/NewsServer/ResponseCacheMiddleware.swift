import Hummingbird

/// The site's answers to GET and HEAD sent again from `cache` while its token and window are the
/// same (``ResponseCaching``), keyed by the request target; a 200 made here is kept. Requests for
/// an answer being made wait for it. A POST, or a token that cannot be known, passes.
struct ResponseCacheMiddleware<Context: RequestContext>: RouterMiddleware {
    let cache: ResponseCache

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get || request.method == .head, let token = await cache.caching.token() else {
            return try await next(request, context)
        }
        let key = request.head.path ?? ""
        let second = cache.caching.window()
        if let kept = cache.answer(for: key, token: token, second: second) { return kept.response }
        let answer = try await cache.shared(key, token: token, second: second) {
            try await ResponseCache.Answer(next(request, context))
        }
        return answer.response
    }
}
