import Hummingbird
import NIOCore

/// The server's request context: Hummingbird's basic one and the address the request came
/// from, which the reader API's login throttle counts by.
struct ServerRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The peer's address (a proxy's, behind one).
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
