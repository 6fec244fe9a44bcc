// What is queued for one socket goes out in one write. engine.io holds the packets emitted
// to a socket while its last write is in flight, then sends them in a loop, a WebSocket
// frame each, and each frame was a write of its own: a syscall on the server and, with
// Nagle off, a TCP segment and a read on the phone (a page of ten cards joined at once was
// ten of each). Corking the connection around the loop hands the kernel the queue at once;
// the frames, their order and engine.io's drain callbacks are unchanged.
import { transports } from 'engine.io';

interface Connection {
  cork(): void;
  uncork(): void;
}

interface WebSocketTransport {
  send(packets: unknown[]): void;
  /** The `ws` socket; `_socket` is its TCP connection. */
  socket?: { _socket?: Connection };
}

let installed = false;

/** Installs the corked send on engine.io's WebSocket transport (once per process). */
export function sendQueuedFramesTogether(): void {
  if (installed) return;
  installed = true;
  const transport = transports.websocket.prototype as unknown as WebSocketTransport;
  const sendEach = transport.send;
  transport.send = function send(this: WebSocketTransport, packets) {
    const connection = this.socket?._socket;
    if (packets.length < 2 || !connection) return sendEach.call(this, packets);
    connection.cork();
    try {
      sendEach.call(this, packets);
    } finally {
      connection.uncork();
    }
  };
}
