import Hummingbird

/// A strong ETag (``Validators/entityTag(of:)``) on every 200 that has none, made from its body;
/// the body is read whole for it and sent from memory.
struct EntityTagMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        guard response.status == .ok, response.headers[.eTag] == nil else { return response }
        let body = try await response.body.collected()
        response.headers[.eTag] = Validators.entityTag(of: body.readableBytesView)
        response.body = ResponseBody(byteBuffer: body)
        return response
    }
}
