import { describe, expect, expectTypeOf, it } from 'vitest';
import { AbortError, SdkError } from './sdk-error.js';

describe('AbortError', () => {
  it('should be typed as the official AbortError: an Error, constructed as Error is', () => {
    // Both compile against the official declaration (`class AbortError extends Error {}`).
    const fromError: AbortError = new Error('stopped');
    expect(fromError.message).toBe('stopped');
    expectTypeOf<ConstructorParameters<typeof AbortError>>().toEqualTypeOf<
      [message?: string, options?: ErrorOptions]
    >();
    expectTypeOf<keyof AbortError>().toEqualTypeOf<keyof Error>();
  });

  it('should take the cause from the options object, as Error does', () => {
    const reason = new Error('user pressed stop');
    const error = new AbortError('Stopped.', { cause: reason });
    expect(error.cause).toBe(reason);
    expect(error.message).toBe('Stopped.');
    expect(new AbortError().message).toBe('The query was aborted.');
  });

  it('should still be an SdkError with code ABORTED at run time, and narrow with instanceof', () => {
    const error: unknown = new AbortError();
    expect(error).toBeInstanceOf(Error);
    expect(error instanceof AbortError).toBe(true);
    expect(SdkError.isInstance(error) && error.code).toBe('ABORTED');
    expect(error).toBeInstanceOf(SdkError);
    expect((error as Error).name).toBe('AbortError');
    class Cancelled extends AbortError {}
    expect(new Cancelled()).toBeInstanceOf(AbortError);
  });
});
