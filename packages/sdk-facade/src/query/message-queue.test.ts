import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { MessageQueue } from './message-queue.js';

setFlagsFromString('--expose-gc');
/** A full collection, from a context created after the flag was set. */
const collectGarbage = runInNewContext('gc') as () => void;

/** Pushes `count` fresh objects and returns weak references to them (and no strong ones). */
function pushFresh(queue: MessageQueue<{ payload: string }>, count: number): Array<WeakRef<object>> {
  const refs: Array<WeakRef<object>> = [];
  for (let i = 0; i < count; i++) {
    const message = { payload: `message ${i} ${'x'.repeat(1000)}` };
    refs.push(new WeakRef(message));
    queue.push(message);
  }
  return refs;
}

/** Reads `count` messages and drops them (in a frame of its own, so no register keeps the last). */
async function readAndDrop<T>(queue: MessageQueue<T>, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await queue.next();
}

async function collected(refs: ReadonlyArray<WeakRef<object>>): Promise<boolean[]> {
  // Let the resolved iterator results of the reads (and the weak references' keep-alive for the
  // job that made them) be dropped, then collect, twice.
  for (let i = 0; i < 2; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
  }
  return refs.map((ref) => ref.deref() === undefined);
}

describe('MessageQueue', () => {
  it('should deliver queued messages in order, then the end', async () => {
    const queue = new MessageQueue<number>();
    queue.push(1);
    queue.push(2);
    queue.end();
    queue.push(3);
    expect(await queue.next()).toEqual({ value: 1, done: false });
    expect(await queue.next()).toEqual({ value: 2, done: false });
    expect(await queue.next()).toEqual({ value: undefined, done: true });
  });

  it('should deliver the queued messages before a failure, then reject with it', async () => {
    const queue = new MessageQueue<number>();
    queue.push(1);
    queue.fail(new Error('boom'));
    expect(await queue.next()).toEqual({ value: 1, done: false });
    await expect(queue.next()).rejects.toThrow('boom');
  });

  it('should hand a message straight to a waiting reader', async () => {
    const queue = new MessageQueue<string>();
    const pending = queue.next();
    queue.push('now');
    expect(await pending).toEqual({ value: 'now', done: false });
  });

  it('should not keep a message the reader has taken (queued while the reader was busy)', async () => {
    const queue = new MessageQueue<{ payload: string }>();
    const refs = pushFresh(queue, 50);
    await readAndDrop(queue, 50);
    expect(await collected(refs)).toEqual(refs.map(() => true));
  });

  it('should keep the messages not read yet and let go of those read', async () => {
    const queue = new MessageQueue<{ payload: string }>();
    const refs = pushFresh(queue, 10);
    await readAndDrop(queue, 4);
    const gone = await collected(refs);
    expect(gone.slice(0, 4)).toEqual([true, true, true, true]);
    expect(gone.slice(4)).toEqual([false, false, false, false, false, false]);
    const rest: number[] = [];
    for (let i = 4; i < 10; i++) {
      const { value } = await queue.next();
      rest.push(Number(value?.payload.split(' ')[1]));
    }
    expect(rest).toEqual([4, 5, 6, 7, 8, 9]);
  });

  it('should keep order across the array being compacted while messages keep coming', async () => {
    const queue = new MessageQueue<number>();
    const read: number[] = [];
    let next = 0;
    for (let round = 0; round < 30; round++) {
      for (let i = 0; i < 150; i++) queue.push(next++);
      for (let i = 0; i < 100; i++) read.push((await queue.next()).value as number);
    }
    while (read.length < next) read.push((await queue.next()).value as number);
    expect(read).toEqual(Array.from({ length: next }, (_, i) => i));
  });
});
