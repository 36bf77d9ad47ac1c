/* eslint-disable no-var -- ambient globals are declared with var, as in lib.dom.d.ts */
// The host APIs the pure core is allowed to use. Each exists, with this shape, in every
// browser, in Web Workers and in Node >= 20. Only tsconfig.pure.json includes this file;
// the app's tsconfig gets the full definitions from the DOM and Node libraries instead.

interface AbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}
declare var AbortSignal: { prototype: AbortSignal };

interface AbortController {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}
declare var AbortController: { prototype: AbortController; new (): AbortController };

declare function setTimeout(handler: () => void, timeout?: number): unknown;
declare function clearTimeout(id: unknown): void;

declare var performance: { now(): number };

interface TextEncoder { encode(input?: string): Uint8Array }
declare var TextEncoder: { prototype: TextEncoder; new (): TextEncoder };
interface TextDecoder { decode(input?: Uint8Array, options?: { stream?: boolean }): string }
declare var TextDecoder: { prototype: TextDecoder; new (label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean }): TextDecoder };
