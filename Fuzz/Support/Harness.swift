// Shared by every fuzz harness (compiled into each one by scripts/fuzz).
import Dispatch

/// A violated property: traps, so libFuzzer reports the input as a crash and saves it.
func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if !condition() { fatalError("property violated: \(message())", file: file, line: line) }
}

/// The fuzz input as a String (invalid UTF-8 repaired, as the product's readers do).
func text(_ data: UnsafePointer<UInt8>, _ size: Int) -> String {
    String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
}

private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

/// Runs async work to completion from the synchronous fuzz entry point. The task starts on this
/// thread, so work that never suspends (a canned transport) costs no thread switch.
func blocking<T>(_ body: @escaping @Sendable () async -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task.immediate {
        box.value = await body()
        done.signal()
    }
    done.wait()
    return box.value!
}
