import NewsFeature

/// The archive's check and rebuild as text or one JSON object on stdout; an unhealthy archive or
/// a failed rebuild is a line on stderr and exit 74.
@MainActor
final class ArchiveDoctorTerminalView: ArchiveDoctorView, CommandView {
    private let output: Output
    private let errorLine: ErrorLine
    private let json: Bool
    private(set) var exitStatus = ExitStatus.internalError

    init(output: Output, errorLine: ErrorLine, json: Bool) {
        self.output = output
        self.errorLine = errorLine
        self.json = json
    }

    func showHealth(_ health: ArchiveHealthViewData) {
        if json {
            output.out(
                JSONValue.object([
                    ("path", .string(health.path)), ("exists", .bool(health.exists)), ("healthy", .bool(health.healthy)),
                    ("problems", .array(health.problems.map(JSONValue.string))),
                    ("days", health.days.map { .int(Int64($0)) } ?? .null),
                    ("user_rows", Self.counts(health.userRows)),
                    ("pictures", health.pictures.map(Self.pictures) ?? .null),
                ]).serialized() + "\n")
        } else {
            output.out(Self.text(health.lines))
        }
        exitStatus = ExitStatus.ok
        if let problem = health.problem {
            output.err("newsctl: " + TerminalText.sanitize(problem) + "\n")
            exitStatus = ExitStatus.ioError
        }
    }

    func showRebuilt(_ rebuilt: RebuildViewData) {
        if json {
            output.out(
                JSONValue.object([
                    ("path", .string(rebuilt.path)), ("rebuilt", .bool(true)), ("healthy", .bool(rebuilt.healthy)),
                    ("kept_rows", Self.counts(rebuilt.keptRows)),
                    ("unreadable_tables", .array(rebuilt.unreadableTables.map(JSONValue.string))),
                    ("kept_favorite_texts", .int(Int64(rebuilt.keptFavoriteTexts))),
                    ("kept_pictures", .int(Int64(rebuilt.keptPictures))),
                    ("backup", .optional(rebuilt.backup)),
                ]).serialized() + "\n")
        } else {
            output.out(Self.text(rebuilt.lines))
        }
        exitStatus = rebuilt.healthy ? ExitStatus.ok : ExitStatus.ioError
    }

    /// A rebuild that changed nothing leaves the archive as it was: an I/O error whatever its cause.
    func showError(_ error: ErrorViewData) {
        errorLine.write(error)
        exitStatus = ExitStatus.ioError
    }

    private static func text(_ lines: [String]) -> String {
        var text = ""
        for line in lines { text += TerminalText.sanitize(line) + "\n" }
        return text
    }

    private static func counts(_ counts: [NamedCount]) -> JSONValue {
        .object(counts.map { ($0.name, .int(Int64($0.count))) })
    }

    private static func pictures(_ pictures: ArchiveHealthViewData.Pictures) -> JSONValue {
        .object([
            ("kept", .int(Int64(pictures.kept))), ("bytes", .int(pictures.bytes)), ("budget", .int(pictures.budget)),
            ("damaged_count", .int(Int64(pictures.damagedCount))),
            (
                "damaged",
                .array(
                    pictures.damaged.map {
                        .object([("key", .string($0.key)), ("text", .string($0.text)), ("reason", .string($0.reason))])
                    })
            ),
            ("orphans", .int(Int64(pictures.orphans))),
        ])
    }
}
