import HTTPTypes
import Hummingbird

/// The headers every answer carries, whatever its status: a Content-Security-Policy that lets a
/// page load only this server's styles and pictures (and pictures over https), `nosniff`, and
/// `Referrer-Policy: no-referrer`. An error thrown inside is made its answer here, so that it
/// carries them too.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        for (name, value) in securityHeaders { response.headers[name] = value }
        return response
    }
}

/// The headers, as set on each answer.
private let securityHeaders: [(HTTPField.Name, String)] = [
    (
        .contentSecurityPolicy,
        "default-src 'none'; img-src 'self' https:; style-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    ),
    (.xContentTypeOptions, "nosniff"),
    // A valid field name written out: the unwrap cannot fail.
    (HTTPField.Name("Referrer-Policy")!, "no-referrer"),
]
