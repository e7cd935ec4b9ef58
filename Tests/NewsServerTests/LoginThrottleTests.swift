import HTTPTypes
import Testing

@testable import NewsServer

/// The reader API's login throttle on its own, with times given: per address and all together.
@Suite struct LoginThrottleTests {
    @Test func fiveWrongPasswordsInAMinuteCloseAnAddressUntilTheFirstIsAMinuteOld() {
        let throttle = LoginThrottle()
        for second in 0..<5 {
            #expect(throttle.begin("192.0.2.1", now: Double(second)) == nil)
            throttle.end("192.0.2.1", failed: true, now: Double(second))
        }
        #expect(throttle.begin("192.0.2.1", now: 10) == 50)
        #expect(throttle.begin("192.0.2.2", now: 10) == nil)
        #expect(throttle.begin("192.0.2.1", now: 60) == nil)
    }

    @Test func loginsUnderWayCountAgainstTheirAddress() {
        let throttle = LoginThrottle(atOnce: 100)
        for _ in 0..<5 { #expect(throttle.begin("192.0.2.1", now: 0) == nil) }
        #expect(throttle.begin("192.0.2.1", now: 0) != nil)
        throttle.end("192.0.2.1", failed: false, now: 1)
        #expect(throttle.begin("192.0.2.1", now: 1) == nil)
    }

    @Test func atMostSoManyLoginsAreCheckedAtOnceFromAllAddresses() {
        let throttle = LoginThrottle(atOnce: 4)
        for host in 1...4 { #expect(throttle.begin("192.0.2.\(host)", now: 0) == nil) }
        #expect(throttle.begin("192.0.2.5", now: 0) == 1)
        throttle.end("192.0.2.2", failed: false, now: 0)
        #expect(throttle.begin("192.0.2.5", now: 0) == nil)
    }
}

/// Who the reader API believes about the client: a proxy on this machine only.
@Suite struct ForwardedHeadersTests {
    static let forwarded: HTTPFields = [
        HTTPField.Name("X-Forwarded-Host")!: "news.example.org", HTTPField.Name("X-Forwarded-Proto")!: "https",
        HTTPField.Name("X-Forwarded-For")!: "198.51.100.1, 203.0.113.9",
    ]

    @Test func aProxyOnThisMachineIsBelievedAndNoOtherPeer() {
        for peer in ["127.0.0.1", "::1", "::ffff:127.0.0.1"] {
            #expect(ReaderAPIRoute.baseURL(Self.forwarded, host: "127.0.0.1:8080", peer: peer) == "https://news.example.org/")
            #expect(ReaderAPIRoute.clientAddress(Self.forwarded, peer: peer) == "203.0.113.9")
        }
        for peer in ["192.0.2.1", "2001:db8::1", nil] {
            #expect(ReaderAPIRoute.baseURL(Self.forwarded, host: "192.0.2.10:8080", peer: peer) == "http://192.0.2.10:8080/")
            #expect(ReaderAPIRoute.clientAddress(Self.forwarded, peer: peer) == peer ?? "unknown")
        }
    }

    @Test func anIPv6ClientIsCountedByItsNetwork() {
        #expect(LoginThrottle.key("2001:db8:1:2:3:4:5:6") == LoginThrottle.key("2001:db8:1:2::9"))
        #expect(LoginThrottle.key("2001:db8:1:2::9") != LoginThrottle.key("2001:db8:1:3::9"))
        #expect(LoginThrottle.key("192.0.2.1") == "192.0.2.1")
        #expect(LoginThrottle.key("::ffff:192.0.2.1") == "::ffff:192.0.2.1")
    }
}
