import NewsFeature
import SyncEngine

/// `newsctl doctor --network`: the network check's screen composed on a terminal view, every
/// base URL checked at once through the command's transport.
@MainActor
struct NetworkDoctor {
    let settings: Settings

    func run() async -> Int32 {
        let view = NetworkDoctorTerminalView(output: Output(), json: settings.json)
        let interactor = DefaultNetworkDoctorInteractor(
            baseURLs: settings.baseURLs, timeout: settings.timeout, transport: Archive.transport(), databasePath: settings.databasePath)
        await NetworkDoctorPresenter(view: view, interactor: interactor, language: settings.language).didRequestCheck()
        return view.exitStatus
    }
}
