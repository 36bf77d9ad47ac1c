import type { StateCreator } from "zustand";
import { signerOf, type Signer } from "../../integrity/signature.ts";
import { MAX_KEY_BYTES, readPrivateKeyPem } from "../../integrity/signing-key.ts";
import type { Store } from "../store.ts";

// The analyst's signing key, picked from a file: every sealed export the workbench writes while it
// is loaded (Export run, Export suite, Export matrix, History's Export all) is signed with it. The
// key lives in this page only, as a non-extractable WebCrypto key inside the signer: it is not in
// the store's state (only its fingerprint is), never in IndexedDB, an export, a notice or a link.

export interface SigningKeyState {
  fileName: string;
  fingerprint: string;
}

export interface SigningSlice {
  /** The key exports are signed with, shown by its fingerprint; null: exports are sealed, unsigned. */
  signingKey: SigningKeyState | null;
  /** Reads a picked private key file (as `npm run keygen` writes it); a file that is none changes nothing and says why. */
  loadSigningKey(fileName: string, file: Pick<Blob, "size" | "text">): Promise<boolean>;
  forgetSigningKey(): void;
  /** The signer of the key loaded, for the slices that seal exports. */
  signer(): Signer | undefined;
}

export const createSigningSlice = (): StateCreator<Store, [], [], SigningSlice> => (set) => {
  let signer: Signer | undefined;
  const refuse = (fileName: string, why: string): false => {
    set({ notice: { kind: "error", text: `Signing key not loaded — ${fileName}: ${why}` } });
    return false;
  };
  return {
    signingKey: null,
    async loadSigningKey(fileName, file) {
      if (file.size > MAX_KEY_BYTES) return refuse(fileName, `not a key file (larger than ${MAX_KEY_BYTES} bytes)`);
      const key = readPrivateKeyPem(await file.text());
      if (!key.ok) return refuse(fileName, `${key.message} (${key.code})`);
      const made = await signerOf(key.der);
      if (!made.ok) return refuse(fileName, `${made.message} (${made.code})`);
      signer = made.signer;
      set({ signingKey: { fileName, fingerprint: signer.fingerprint }, notice: { kind: "info", text: `Exports are now signed by ${signer.fingerprint} (the key stays in this page, never saved)` } });
      return true;
    },
    forgetSigningKey() {
      signer = undefined;
      set({ signingKey: null });
    },
    signer: () => signer,
  };
};
