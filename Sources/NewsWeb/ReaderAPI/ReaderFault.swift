/// Why the API refuses a request: a status and one line saying why.
struct ReaderFault: Error, Equatable {
    let status: Int
    let message: String
    /// What went wrong, for the server's log, when `message` does not say it (a fault met before
    /// the client is known tells it only that the service is unavailable).
    var detail: String?
    /// Set on a POST without a right edit token: `X-Reader-Google-Bad-Token: true` tells the client to fetch a new one.
    var badToken = false

    static func badRequest(_ message: String) -> ReaderFault { ReaderFault(status: 400, message: message) }
    static let unauthorized = ReaderFault(status: 401, message: "Error=BadAuthentication")
    static let notFound = ReaderFault(status: 404, message: "not found")
}
