/** A stand-in Web Worker: what the page sent it, whether it was ended, and messages the test has it send. */
export class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: { message: string }) => void) | null = null;
  sent: unknown[] = [];
  terminated = 0;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(message: unknown): void {
    this.sent.push(message);
  }
  terminate(): void {
    this.terminated += 1;
  }
  /** A message from the worker to the page. */
  say(data: unknown): void {
    this.onmessage?.({ data });
  }
}
