/** Types of `stand-in-cli-lines.mjs`, for the TypeScript tests that share it. */

/** The success result a stand-in ends the session with. */
export declare const STAND_IN_RESULT: Readonly<Record<string, unknown>>;

/** The stand-in's answer to an `initialize` control request: success, no commands. */
export declare function initializeAnswer(request: { readonly request_id?: string }): unknown;

/** Writes one message to stdout as a line, as the CLI writes its messages. */
export declare function writeLine(message: unknown): void;

/** Appends every stdin line to `log`, and hands `handle` each one that is JSON. */
export declare function recordEachMessage(log: string, handle: (message: unknown) => void): void;
