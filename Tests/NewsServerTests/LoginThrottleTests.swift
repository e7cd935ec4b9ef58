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
