/// A request to the Google Reader API as ``ReaderAPI`` takes it, whoever carried it: the path
/// under the API's root, the query's and a POST form's fields in order (a name may come many
/// times: `i=…&i=…`), and the `Authorization` header.
public struct ReaderRequest: Sendable, Equatable {
    /// A field of a query or a form, percent-decoded.
    public struct Field: Sendable, Equatable {
        /// Its name: `i`, `n`, `T`…
        public var name: String
        /// Its value.
        public var value: String

        /// A field.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// `GET` or `POST` (HEAD is asked as a GET).
    public var method: String
    /// The path under the API's root, percent-decoded: `/reader/api/0/stream/contents/feed/zhihu-daily`.
    public var path: String
    /// The query's fields, in order.
    public var query: [Field]
    /// A POST form's fields (`application/x-www-form-urlencoded`), in order.
    public var form: [Field]
    /// The `Authorization` header (`GoogleLogin auth=…`), if any.
    public var authorization: String?
    /// The server's address as the client reached it, with its final slash
    /// (`https://news.example.org/`): where an item's pictures and pages are.
    public var baseURL: String

    /// A request.
    public init(
        method: String = "GET", path: String, query: [Field] = [], form: [Field] = [], authorization: String? = nil,
        baseURL: String
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.form = form
        self.authorization = authorization
        self.baseURL = baseURL
    }

    /// The form's last value of `name`, else the query's (the API takes most of its parameters
    /// either way).
    func value(_ name: String) -> String? {
        form.last(where: { $0.name == name })?.value ?? query.last(where: { $0.name == name })?.value
    }

    /// Every value of `name`, the query's then the form's.
    func values(_ name: String) -> [String] {
        (query + form).filter { $0.name == name }.map(\.value)
    }
}
