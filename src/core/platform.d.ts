// The web-standard APIs that core may use: what browsers, workers and Node ≥ 20 all provide, declared as narrowly
// as core uses them. Core is type-checked without DOM or Node types (tsconfig.core.json), so a use of anything
// else — a canvas, `document`, `process`, `Buffer` — fails the build instead of failing in the other runtime.
export {};

declare global {
  interface AbortSignal {
    readonly aborted: boolean;
    readonly reason: unknown;
    throwIfAborted(): void;
    addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
    removeEventListener(type: 'abort', listener: () => void): void;
  }

  class DOMException extends Error {
    constructor(message?: string, name?: string);
  }

  class TextDecoder {
    constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
    decode(input?: ArrayBufferView | ArrayBuffer, options?: { stream?: boolean }): string;
  }

  class TextEncoder {
    encode(input?: string): Uint8Array<ArrayBuffer>;
  }

  var performance: { now(): number };
  var crypto: { subtle: { digest(algorithm: 'SHA-256', data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer> } };
  var console: { log(...data: unknown[]): void; warn(...data: unknown[]): void; error(...data: unknown[]): void };

  function setTimeout(handler: () => void, ms?: number): unknown;
  function clearTimeout(id: unknown): void;
}
