import ArgumentParser
import NewsFeature
import SyncEngine

/// `--sections 2,1`: the column ids, each once, in the order given. (Not `SectionList`, which
/// is the engine's list of columns.)
enum SectionIDList {
    static func parse(_ text: String, words: CommandStrings) throws -> [Int64] {
        var ids: [Int64] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            var text = part.drop(while: \.isWhitespace)
            while text.last?.isWhitespace == true { text = text.dropLast() }
            let id = try SectionID.parse(String(text), words: words)
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }
}

/// Composes `sync --sections` for the terminal and runs it to an exit status.
@MainActor
enum SectionSyncCommand {
    static func run(_ ids: [Int64], request: SyncRequest, settings: Settings) async -> Int32 {
        await CommandScreen.run(settings: settings, use: .writes) {
            SectionSyncTerminalView(output: $0, errorLine: $1, json: settings.json, terminal: Terminal.detect(noColor: settings.noColor))
        } _: { view, engine in
            await SectionSyncPresenter(view: view, interactor: DefaultSectionSyncInteractor(engine: engine), language: settings.language)
                .didRequestSync(ids, request: request)
        }
    }
}

/// A sync of columns: a progress bar on a terminal's stderr, then the summary as text or JSON.
@MainActor
final class SectionSyncTerminalView: TerminalCommandView, SectionSyncView {
    private var barShown = false

    func showProgress(_ progress: SyncProgressViewData) {
        guard terminal.stderrIsTerminal else { return }
        let counts = "\(progress.phase) \(progress.done)/\(progress.total)" + (progress.failed > 0 ? "  ✗ \(progress.failed)" : "")
        let barWidth = max(10, min(40, terminal.width - TerminalText.width(of: counts) - 4))
        let filled = Int((progress.fraction * Double(barWidth)).rounded(.down))
        output.err("\r\u{1B}[K[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "] " + counts)
        barShown = true
    }

    func showSummary(_ summary: SectionSyncSummaryViewData) {
        if barShown { output.err("\r\u{1B}[K") }
        exitStatus = summary.problem.map { ExitStatus.forError($0.kind) } ?? ExitStatus.ok
        if json {
            output.out(
                JSONValue.object([
                    ("sections", .array(summary.sections.map(JSONValue.int))), ("stories", .int(Int64(summary.stories))),
                    ("pages_fetched", .int(Int64(summary.pagesFetched))), ("details_fetched", .int(Int64(summary.detailsFetched))),
                    ("details_present", .int(Int64(summary.detailsPresent))), ("comments_fetched", .int(Int64(summary.commentsFetched))),
                    ("pictures_fetched", .int(Int64(summary.picturesFetched))),
                    ("failed", .array(summary.failedItems.map(JSONValue.string))),
                ]).serialized() + "\n")
        } else {
            output.out(TerminalText.sanitize(summary.message) + "\n")
        }
        if let problem = summary.problem { errorLine.write(problem) }
        if let notice = summary.notice { errorLine.note(notice) }
    }

    override func showError(_ error: ErrorViewData) {
        if barShown { output.err("\r\u{1B}[K") }
        errorLine.write(error)
        exitStatus = ExitStatus.forError(error.kind)
    }
}
