import NewsFeature

/// sysexits codes, as DESIGN.md lists them.
enum ExitStatus {
    static let ok: Int32 = 0
    static let usage: Int32 = 64
    static let badData: Int32 = 65
    /// The source answered that it has no such story or day (HTTP 404): EX_NOINPUT.
    static let notFound: Int32 = 66
    static let unavailable: Int32 = 69
    static let internalError: Int32 = 70
    static let ioError: Int32 = 74

    static func forError(_ kind: ErrorKind) -> Int32 {
        switch kind {
        case .unavailable, .notCached, .notPublished, .noSections: return unavailable
        case .badData: return badData
        case .notFound: return notFound
        case .storage: return ioError
        case .notSaved: return ok
        case .cancelled: return Interrupt.exitStatus
        case .invalidInput: return usage
        }
    }
}

/// Writes an error as the one line a command prints on stderr.
struct ErrorLine {
    let output: Output
    let verbose: Bool

    func write(_ error: ErrorViewData) {
        var line = "newsctl: " + TerminalText.sanitize(error.message)
        if verbose { line += " (" + TerminalText.sanitize(error.detail) + ")" }
        output.err(line + "\n")
    }

    /// A line about a command that succeeded, on stderr as an error's would be.
    func note(_ message: String) {
        output.err("newsctl: " + TerminalText.sanitize(message) + "\n")
    }
}
