/** A relay WebSocket the test opens, feeds and drops by hand. */
export class FakeSocket {
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  /** What the page sent (the keep-alive's `ping`). */
  sent: string[] = [];
  constructor(readonly url: string) {}
  send(text: string) {
    this.sent.push(text);
  }
  /** The page closes it; like a browser's, `onclose` comes after. */
  close() {
    if (this.closed) return;
    this.closed = true;
    queueMicrotask(() => this.onclose?.());
  }
  /** The relay accepted the socket. */
  open() {
    this.onopen?.();
  }
  /** A message from the relay (an object is sent as JSON). */
  receive(message: unknown) {
    this.onmessage?.({ data: typeof message === "string" ? message : JSON.stringify(message) });
  }
  /** The connection went away (the relay restarted, the Wi-Fi dropped). */
  drop() {
    this.close();
  }
}
