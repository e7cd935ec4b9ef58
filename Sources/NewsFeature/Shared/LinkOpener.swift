/// What came of handing a URL to the system's opener.
public enum LinkOpening: Equatable, Sendable {
    /// The opener took it: it exited successfully, or is still showing it.
    case opened
    /// There is nothing here to open it with.
    case noOpener
    /// The opener ran and failed (it exited non-zero: no program configured for the address).
    case failed
}

/// Hands a URL to whatever opens links on this system (a browser, an image viewer) and tells
/// whether it took it. Fronts provide it; tests give a fake.
@MainActor
public protocol LinkOpener: AnyObject {
    /// Opens `url`, waiting (briefly, off the main actor's work) for the opener to say whether it
    /// could: the front shows the address instead when it could not.
    func open(_ url: String) async -> LinkOpening
}
