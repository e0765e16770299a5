import TestServer
import XCTest

extension TestServer {
    /// Starts the recording loopback server for one test, or skips the test (`XCTSkip`) where there is no python3
    /// to run it. The test stops it (`stop()`, in `tearDown` or a `defer`).
    public static func startOrSkip() throws -> TestServer {
        do {
            return try TestServer()
        } catch TestServer.Failure.noPython {
            throw XCTSkip("python3 is needed for the loopback server tests")
        }
    }
}
