import SyncEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The use cases of the network check (`newsctl doctor --network`).
public protocol NetworkDoctorInteractor: Sendable {
    /// Every base URL checked at once, step by step, in the order given.
    func check() async -> [HostCheck]
    /// The base URL the archive prefers now; nil when there is no archive, it cannot be read, or
    /// it prefers none.
    func preferredBaseURL() async -> PreferredBaseURL?
}

/// The network check on `SyncEngine`: the base URLs through `transport`, each within `timeout`;
/// the archive at `databasePath` read only (never created) for its preference.
public struct DefaultNetworkDoctorInteractor: NetworkDoctorInteractor {
    private let baseURLs: [String]
    private let timeout: Duration
    private let transport: any HTTPTransport
    private let databasePath: String

    /// Checks `baseURLs` through `transport`, each within `timeout`; reads the preference of the
    /// archive at `databasePath`.
    public init(baseURLs: [String], timeout: Duration, transport: any HTTPTransport, databasePath: String) {
        self.baseURLs = baseURLs
        self.timeout = timeout
        self.transport = transport
        self.databasePath = databasePath
    }

    public func check() async -> [HostCheck] {
        await SyncEngine.checkNetwork(baseURLs: baseURLs, timeout: timeout, transport: transport)
    }

    public func preferredBaseURL() async -> PreferredBaseURL? {
        guard FileManager.default.fileExists(atPath: databasePath) else { return nil }
        var configuration = SyncEngine.Configuration(databasePath: databasePath)
        configuration.baseURLs = baseURLs
        configuration.readOnly = true
        guard let engine = try? SyncEngine(configuration: configuration) else { return nil }
        return await engine.preferredBaseURL()
    }
}
