import { ControlProtocolError, type Transport, type TransportCloseInfo } from '@ccsdk/control-protocol';

/**
 * A transport whose real transport is made by an async step in `start()` (e.g. loading a session
 * from a store into a temp config dir before the CLI may start). If that step fails, `start()`
 * rejects with its error and no process was started.
 */
export class DeferredTransport implements Transport {
  onmessage?: (message: unknown) => void;
  onerror?: (error: Error) => void;
  onclose?: (info: TransportCloseInfo) => void;
  readonly #create: () => Promise<Transport>;
  #inner: Transport | undefined;
  #closed = false;

  constructor(create: () => Promise<Transport>) {
    this.#create = create;
  }

  async start(): Promise<void> {
    const inner = await this.#create();
    if (this.#closed) {
      await inner.close();
      throw new ControlProtocolError({
        code: 'TRANSPORT_CLOSED',
        message: 'The transport was closed while it started.',
      });
    }
    this.#inner = inner;
    inner.onmessage = (message) => this.onmessage?.(message);
    inner.onerror = (error) => this.onerror?.(error);
    inner.onclose = (info) => this.#fireClose(info);
    await inner.start();
  }

  send(message: unknown): Promise<void> {
    if (this.#inner === undefined) {
      return Promise.reject(
        new ControlProtocolError({ code: 'TRANSPORT_NOT_STARTED', message: 'Call start() before send().' }),
      );
    }
    return this.#inner.send(message);
  }

  async endInput(): Promise<void> {
    await this.#inner?.endInput();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#inner === undefined) {
      this.#fireClose({});
      return;
    }
    await this.#inner.close();
  }

  #fireClose(info: TransportCloseInfo): void {
    const onclose = this.onclose;
    this.onclose = undefined;
    onclose?.(info);
  }
}
