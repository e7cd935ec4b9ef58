import HTTPTypes
import Hummingbird
import NIOCore

extension Response {
    /// A short plain-text answer of the server's own (a refusal, `starting`, `ok`): `text` as
    /// UTF-8 with its type and length, and `extra` headers beside them.
    static func plain(_ status: HTTPResponse.Status, _ text: String, extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8", .contentLength: String(text.utf8.count)]
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}

extension ResponseBody {
    /// The whole body in one buffer, written out once (a body that streams is read to its end).
    func collected() async throws -> ByteBuffer {
        let sink = BodySink()
        try await write(CollectingWriter(sink: sink))
        return sink.buffer ?? ByteBuffer()
    }
}

/// Where a `CollectingWriter` puts what it is given; read once the body is written.
private final class BodySink {
    var buffer: ByteBuffer?
}

/// A `ResponseBodyWriter` that keeps the bytes instead of sending them.
private struct CollectingWriter: ResponseBodyWriter {
    let sink: BodySink

    mutating func write(_ buffer: ByteBuffer) async throws {
        if sink.buffer == nil {
            sink.buffer = buffer
        } else {
            var buffer = buffer
            sink.buffer?.writeBuffer(&buffer)
        }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
