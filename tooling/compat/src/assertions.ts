/*
 * Type-level assertions the generated checklist is written in. Each resolves to `true` when it
 * holds; `Expect` turns anything else into a compile error on that line.
 */

/** Compiles only when `T` is `true`. */
export type Expect<T extends true> = T;

/** True when `T` is `any` (an unresolved import would make every check pass). */
export type IsAny<T> = 0 extends 1 & T ? true : false;

/** True when `From` is assignable to `To`, and neither is `any`. */
export type Assignable<From, To> =
  IsAny<From> extends true ? false : IsAny<To> extends true ? false : [From] extends [To] ? true : false;

/** True when each of `A` and `B` is assignable to the other. */
export type Mutual<A, B> = Assignable<A, B> extends true ? Assignable<B, A> : false;

/** True when `X` is `false`. */
export type Not<X extends boolean> = X extends true ? false : true;

/** Exact type equality (not just mutual assignability). */
export type Equal<A, B> = (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false;

/** The (string) keys of the official type `T` that ours, `O`, lacks. */
export type MissingKeys<O, T> = Exclude<Extract<keyof T, string>, keyof O>;

/** A class instance's public members (private members make classes nominal). */
export type PublicOf<T> = Pick<T, keyof T>;

/** The (string) keys of ours, `O`, that the official type `T` lacks. */
export type ExtraKeys<O, T> = Exclude<Extract<keyof O, string>, keyof T>;
