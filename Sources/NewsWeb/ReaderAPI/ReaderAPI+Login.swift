import SyncEngine

// Logging in, the login's token on each request, and the edit token a change needs.

extension ReaderAPI {
    func logIn(_ request: ReaderRequest) async throws(ReaderFault) -> WebResponse {
        guard let name = request.value("Email"), let password = request.value("Passwd") else {
            throw .badRequest("Email and Passwd are needed")
        }
        let token: String?
        do { token = try await engine.logIn(name: name, password: password) } catch { throw hidden(error) }
        guard let token else {
            try await noteWhenNoAccounts()
            throw .unauthorized
        }
        return .text("SID=\(token)\nLSID=null\nAuth=\(token)\n")
    }

    /// The login's token the request carries (`GoogleLogin auth=<token>`, or `auth=<name>/<token>`
    /// as some apps send it); 401 when it carries none.
    func authenticate(_ request: ReaderRequest) async throws(ReaderFault) -> String {
        let scheme = "GoogleLogin auth="
        guard let header = request.authorization.map(Self.trimmed), header.hasPrefix(scheme) else {
            try await noteWhenNoAccounts()
            throw .unauthorized
        }
        let credential = header.dropFirst(scheme.count)
        return String(credential.split(separator: "/", omittingEmptySubsequences: false).last ?? credential)
    }

    func accountName(token: String) async throws(ReaderFault) -> String {
        let name: String?
        do { name = try await engine.account(forToken: token) } catch { throw hidden(error) }
        guard let name else {
            try await noteWhenNoAccounts()
            throw .unauthorized
        }
        return name
    }

    func noteWhenNoAccounts() async throws(ReaderFault) {
        let accounts: [AccountSummary]
        do { accounts = try await engine.accounts() } catch { throw hidden(error) }
        if accounts.isEmpty { note(.noAccount) }
    }

    func editToken(_ token: String) throws(ReaderFault) -> String {
        do { return try SyncEngine.editToken(forToken: token) } catch { throw Self.fault(error) }
    }

    /// A POST that changes state: only with the login's edit token `T`; a GET changes nothing.
    func requireEdit(_ request: ReaderRequest, token: String) throws(ReaderFault) {
        guard request.method == "POST" else { throw ReaderFault(status: 405, message: "a change is a POST") }
        let expected = try editToken(token)
        let given = Self.trimmed(request.value("T") ?? "")
        guard Self.sameBytes(Array(given.utf8), Array(expected.utf8)) else {
            throw ReaderFault(status: 401, message: "Error=BadToken", badToken: true)
        }
    }

    /// `text` without the spaces and line ends around it (a token read whole from a response keeps its newline).
    static func trimmed(_ text: String) -> String {
        let isSpace = { (character: Character) in character == " " || character == "\t" || character.isNewline }
        return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }

    /// Whether `a` and `b` are equal, in a time that depends only on their lengths.
    static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    func userInfo(_ account: String) async throws(ReaderFault) -> WebResponse {
        let accounts: [AccountSummary]
        do { accounts = try await engine.accounts() } catch { throw Self.fault(error) }
        let created = accounts.first { $0.name == account }?.createdAt ?? 0
        return .json(UserInfo(userId: account, userName: account, userProfileId: account, userEmail: "", signupTimeSec: Int64(created)))
    }
}
