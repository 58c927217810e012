/**
 * A set of the latest ids added, at most `capacity` of them: adding one more forgets the oldest.
 * The channel uses it to recognize replies it should drop quietly without keeping every id of
 * a long session.
 */
export class RecentIds {
  readonly #ids = new Set<string>();

  constructor(private readonly capacity: number) {}

  /** Remembers `id`, forgetting the oldest id when more than `capacity` are kept. */
  add(id: string): void {
    this.#ids.add(id);
    if (this.#ids.size > this.capacity) {
      const oldest = this.#ids.values().next().value;
      if (oldest !== undefined) this.#ids.delete(oldest);
    }
  }

  /** True when `id` is among the ids kept. */
  has(id: string): boolean {
    return this.#ids.has(id);
  }
}
