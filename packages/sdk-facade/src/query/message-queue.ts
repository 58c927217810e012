/**
 * An unbounded single-consumer async queue: the producer pushes, fails or ends; the consumer
 * pulls with `next()`. Messages pushed before a failure are still delivered, then the failure.
 */
export class MessageQueue<T> {
  #items: T[] = [];
  #head = 0;
  #waiter: { resolve: (r: IteratorResult<T, undefined>) => void; reject: (e: unknown) => void } | undefined;
  #done = false;
  #error: { error: unknown } | undefined;

  /** Adds a message; ignored after `end()` or `fail()`. */
  push(item: T): void {
    if (this.#done) return;
    const waiter = this.#waiter;
    if (waiter) {
      this.#waiter = undefined;
      waiter.resolve({ value: item, done: false });
      return;
    }
    this.#items.push(item);
  }

  /** Ends the stream after the queued messages. */
  end(): void {
    this.#finish(undefined);
  }

  /** Ends the stream with an error, raised after the queued messages. First call wins. */
  fail(error: unknown): void {
    this.#finish({ error });
  }

  /** Ends the stream now, dropping queued messages (the consumer stopped). */
  clear(): void {
    this.#items = [];
    this.#head = 0;
    this.#finish(undefined);
  }

  get isDone(): boolean {
    return this.#done;
  }

  /** The next message, or `done` once the stream ended; rejects with the failure, if any. */
  next(): Promise<IteratorResult<T, undefined>> {
    if (this.#head < this.#items.length) {
      const value = this.#items[this.#head] as T;
      this.#head += 1;
      if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
        this.#items = this.#items.slice(this.#head);
        this.#head = 0;
      }
      return Promise.resolve({ value, done: false });
    }
    if (this.#done) {
      if (this.#error) {
        const { error } = this.#error;
        this.#error = undefined;
        return Promise.reject(error);
      }
      return Promise.resolve({ value: undefined, done: true });
    }
    return new Promise((resolve, reject) => {
      this.#waiter = { resolve, reject };
    });
  }

  #finish(error: { error: unknown } | undefined): void {
    if (this.#done) return;
    this.#done = true;
    this.#error = error;
    const waiter = this.#waiter;
    if (!waiter) return;
    this.#waiter = undefined;
    if (error) {
      this.#error = undefined;
      waiter.reject(error.error);
    } else {
      waiter.resolve({ value: undefined, done: true });
    }
  }
}
