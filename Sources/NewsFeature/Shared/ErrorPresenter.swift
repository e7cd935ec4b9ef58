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

    /// - Parameter subject: what the failed load was about ("2023年3月13日", "today's stories").
    public func viewData(for error: SyncError, subject: String) -> ErrorViewData {
        let kind = ErrorKind(error.code)
        let message =
            switch kind {
            case .storage: strings.storageMessage(error.databaseError?.problem ?? .other)
            case .unavailable where error.remoteError?.transportError?.code == .unavailable:
                strings.transportUnavailableMessage(subject: subject)
            case .notFound where error.isLatestPageMissing: strings.latestPageMissingMessage
            case .notFound:
                // A `file://` copy's missing file has no HTTP status; anything else is a 404.
                strings.notFoundMessage(
                    subject: subject, httpStatus: error.remoteError?.transportError?.code == .notFound ? nil : error.remoteError?.status ?? 404)
            case .unavailable where error.remoteError?.code == .unreachable:
                strings.errorMessage(kind, subject: subject) + strings.unreachableHint
            default: strings.errorMessage(kind, subject: subject)
            }
        return ErrorViewData(kind: kind, message: message, detail: error.message, retryTitle: strings.retry)
    }
}
