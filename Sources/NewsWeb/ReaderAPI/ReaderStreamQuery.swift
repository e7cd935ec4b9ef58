import SyncEngine

/// A stream's parameters (`n`, `c`, `r`, `ot`, `nt`, `xt`, `it`) as an `ItemQuery`, or why they
/// are bad (the API answers 400 with it).
enum ReaderStreamQuery {
    /// The query `request` asks of `stream`, at most `maximum` items (`n`; 20 when not given).
    static func parse(_ request: ReaderRequest, stream: ItemStream, maximum: Int) -> Result<ItemQuery, ReaderFault> {
        var query = ItemQuery(stream: stream, limit: 20)
        if let n = request.value("n") {
            guard let count = Int(n), count > 0 else { return .failure(.badRequest("n must be a positive number")) }
            query.limit = min(count, maximum)
        }
        if let c = request.value("c"), !c.isEmpty {
            guard let cursor = ItemCursor(token: c) else { return .failure(.badRequest("c is not a continuation this server gave")) }
            query.after = cursor
        }
        switch request.value("r") {
        case nil, "", "n", "d": break
        case "o": query.oldestFirst = true
        default: return .failure(.badRequest("r must be o (oldest first) or n"))
        }
        for (name, bound) in [("ot", \ItemQuery.notBefore), ("nt", \ItemQuery.notAfter)] {
            guard let text = request.value(name), !text.isEmpty else { continue }
            guard let seconds = Int64(text), seconds >= 0 else { return .failure(.badRequest("\(name) must be a time in seconds")) }
            query[keyPath: bound] = seconds
        }
        for (name, mark) in [("xt", \ItemQuery.excluding), ("it", \ItemQuery.including)] {
            guard let text = request.value(name), !text.isEmpty else { continue }
            guard let state = state(text) else { return .failure(.badRequest("\(name) must be the read or starred state")) }
            query[keyPath: mark] = state
        }
        return .success(query)
    }

    /// The mark a state's stream id names: read or starred.
    static func state(_ id: String) -> ItemState? {
        switch ReaderStreamID.state(id) {
        case "read": .read
        case "starred": .starred
        default: nil
        }
    }
}
