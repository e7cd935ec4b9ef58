import SyncEngine

/// Words an engine failure for the user; shared by every screen and by fronts that fail before a
/// screen exists (an archive that cannot be opened).
public struct ErrorPresenter: Sendable {
    private let strings: Strings

    /// Wording in `language`.
    public init(language: Language) {
        strings = Strings(language: language)
    }

    /// A local database problem in words the user can act on.
    public func message(for problem: DatabaseError.Problem) -> String {
        strings.storageMessage(problem)
    }

    /// A `file://` copy's missing file has no HTTP status; anything else not found is a 404.
    private static func httpStatus(of error: SyncError) -> Int? {
        isLocalCopyAnswer(error) ? nil : error.remoteError?.status ?? 404
    }

    /// Whether the answer came from a `file://` copy that lacks the file, not from the source.
    static func isLocalCopyAnswer(_ error: SyncError) -> Bool {
        error.remoteError?.transportError?.code == .notFound
    }

    /// The line for an archive that cannot be opened at `path`: what is wrong, where, and what
    /// to run about it (`doctor --rebuild` for a corrupt one).
    public func openFailure(_ error: SyncError, path: String) -> ErrorViewData {
        let shown = viewData(for: error, subject: "")
        guard shown.kind == .storage else {
            return ErrorViewData(
                kind: shown.kind, message: shown.message + " (" + path + ")", detail: shown.detail, retryTitle: shown.retryTitle)
        }
        let problem = error.databaseError?.problem ?? .other
        if problem == .isAFolder {
            return ErrorViewData(
                kind: .storage, message: strings.folderAsDatabase(path), detail: shown.detail, retryTitle: shown.retryTitle)
        }
        return ErrorViewData(
            kind: .storage, message: strings.storageMessage(problem) + " (" + path + ")" + strings.storageAdvice(problem),
            detail: shown.detail, retryTitle: shown.retryTitle)
    }

    /// No archive at `path` for a command that only reads (it never creates one); `.notFound`.
    public func noArchive(path: String) -> ErrorViewData {
        ErrorViewData(kind: .notFound, message: strings.noArchive(path), detail: "no file at \(path)", retryTitle: strings.retry)
    }

    /// The one line of a command that shows the network's answer without an archive to keep it in.
    public func archiveNotCreated(path: String) -> String {
        strings.archiveNotCreated(path)
    }

    /// How `doctor --rebuild` mends an archive with `problem` (`--force` for a file that is not
    /// a database), as every command's error words it.
    public func rebuildAdvice(for problem: DatabaseError.Problem) -> String {
        strings.rebuildAdvice(problem)
    }

    /// The HTTP status the source answered with, nil when there was no HTTP answer (unreachable,
    /// or a `file://` copy's missing file).
    static func answeredStatus(_ error: SyncError) -> Int? {
        error.remoteError?.code == .httpStatus ? error.remoteError?.status : nil
    }

    /// - Parameter subject: what the failed load was about ("2023年3月13日", "today's stories").
    public func viewData(for error: SyncError, subject: String) -> ErrorViewData {
        let kind = ErrorKind(error.code)
        let message =
            switch kind {
            case .storage:
                strings.storageMessage(error.databaseError?.problem ?? .other)
                    + strings.storageAdvice(error.databaseError?.problem ?? .other)
            case .unavailable where error.remoteError?.transportError?.code == .unavailable:
                strings.transportUnavailableMessage(subject: subject)
            case .notFound where error.isLatestPageMissing: strings.latestPageMissingMessage(httpStatus: Self.httpStatus(of: error))
            case .notFound: strings.notFoundMessage(subject: subject, httpStatus: Self.httpStatus(of: error))
            case .noSections: strings.noSectionsMessage(baseURL: error.baseURL)
            case .unavailable where Self.answeredStatus(error) != nil:
                strings.sourceFailedMessage(status: Self.answeredStatus(error) ?? 0, subject: subject)
            case .unavailable where error.remoteError?.code == .unreachable:
                strings.errorMessage(kind, subject: subject) + strings.unreachableHint
            default: strings.errorMessage(kind, subject: subject)
            }
        return ErrorViewData(kind: kind, message: message, detail: error.message, retryTitle: strings.retry)
    }
}
