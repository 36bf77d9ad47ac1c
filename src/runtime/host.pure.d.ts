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

// WebCrypto's Ed25519 (src/integrity/signature.ts): Node >= 20, Web Workers, and browsers in a
// secure context; elsewhere `subtle` is absent, which the code checks.
interface CryptoKey { readonly type: string }
interface JsonWebKey { x?: string }
interface SubtleCrypto {
  importKey(format: "pkcs8" | "raw", keyData: Uint8Array, algorithm: "Ed25519", extractable: boolean, keyUsages: ("sign" | "verify")[]): Promise<CryptoKey>;
  exportKey(format: "jwk", key: CryptoKey): Promise<JsonWebKey>;
  sign(algorithm: "Ed25519", key: CryptoKey, data: Uint8Array): Promise<ArrayBuffer>;
  verify(algorithm: "Ed25519", key: CryptoKey, signature: Uint8Array, data: Uint8Array): Promise<boolean>;
}
declare var crypto: { readonly subtle?: SubtleCrypto };
