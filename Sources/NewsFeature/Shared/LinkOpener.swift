/// Hands a URL to whatever opens links on this system (a browser, an image viewer), without
/// waiting for it. Fronts provide it; tests give a fake.
@MainActor
public protocol LinkOpener: AnyObject {
    /// Starts opening `url`; false when there is nothing to open it with, so the front shows
    /// the address instead.
    func open(_ url: String) -> Bool
}
