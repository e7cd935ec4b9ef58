import NewsFeature
import SyncEngine

/// Runs a command's screen on the archive: opens it for `use`, makes the screen's terminal view
/// with `makeView`, lets `show` compose the presenter on the view and the engine and send its
/// event, and ends with the view's exit status (or the archive's, when it cannot be opened).
@MainActor
enum CommandScreen {
    static func run<View: CommandView>(
        settings: Settings, use: Archive.Use, view makeView: (_ output: Output, _ errorLine: ErrorLine) -> View,
        _ show: (View, SyncEngine) async -> Void
    ) async -> Int32 {
        let output = Output()
        let errorLine = ErrorLine(output: output, verbose: settings.verbose)
        let engine: SyncEngine
        switch Archive.open(settings, errorLine: errorLine, use: use) {
        case .success(let opened): engine = opened
        case .failure(let failure): return failure.status
        }
        let view = makeView(output, errorLine)
        await show(view, engine)
        return view.exitStatus
    }
}
