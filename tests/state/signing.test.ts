import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ScoredSuiteExport } from "../../src/schemas/export.ts";
import { flippedSuite } from "../integrity/forged.ts";
import { makeStore } from "./test-deps.ts";

// The workbench's signing key: picked from a file, used by every export, shown on import.

const pair = generateKeyPairSync("ed25519", { privateKeyEncoding: { type: "pkcs8", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
const picked = (text: string) => ({ size: text.length, text: async () => text });

/** A store with the suite of every scripted candidate of one fixture in it, its first run open. */
async function withSuite() {
  const store = makeStore();
  await store.getState().runSuite("fv-scenario-a");
  store.getState().openSuiteRun(0);
  return store;
}

async function exportedSuite(store: ReturnType<typeof makeStore>): Promise<string> {
  const file = await store.getState().exportSuite({ includeDiagnostics: false });
  if (!file) throw new Error("nothing to export");
  return file.parts.join("");
}

describe("signing exports in the workbench", () => {
  it("a picked key signs Export suite and Export run; the import says signed by its fingerprint, beside the seal", async () => {
    const store = await withSuite();
    expect(await store.getState().loadSigningKey("key", picked(pair.privateKey))).toBe(true);
    const fingerprint = store.getState().signingKey?.fingerprint ?? "";
    expect(fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(store.getState().notice).toEqual({ kind: "info", text: `Exports are now signed by ${fingerprint} (the key stays in this page, never saved)` });
    const suite = await exportedSuite(store);
    expect(suite).not.toContain(pair.privateKey.split("\n")[1]);
    expect(await store.getState().importText("suite.json", suite)).toBe(true);
    expect(store.getState().notice).toMatchObject({ kind: "info", text: expect.stringMatching(new RegExp(`^suite\\.json: verified; signed by ${fingerprint}; \\d+ run\\(s\\) imported and re-scored; all verdicts match the file$`)) });
    store.getState().openSuiteRun(0);
    const run = await store.getState().exportRun({ includeDiagnostics: false });
    expect(await store.getState().importText("run.json", run?.text ?? "")).toBe(true);
    expect(store.getState().run?.imported?.signature).toMatchObject({ code: "signed", fingerprint });
    expect(store.getState().notice?.text).toMatch(new RegExp(`^run\\.json: verified; signed by ${fingerprint}; imported and re-scored`));
  });

  it("forgetting the key: exports are sealed, unsigned again", async () => {
    const store = await withSuite();
    await store.getState().loadSigningKey("key", picked(pair.privateKey));
    store.getState().forgetSigningKey();
    expect(store.getState().signingKey).toBeNull();
    expect(await store.getState().importText("suite.json", await exportedSuite(store))).toBe(true);
    expect(store.getState().notice?.text).toContain("; sealed, unsigned; ");
  });

  it("a public key, or no key at all, is not loaded and says why with its code", async () => {
    const store = makeStore();
    expect(await store.getState().loadSigningKey("key.pub", picked(pair.publicKey))).toBe(false);
    expect(store.getState().notice).toEqual({ kind: "error", text: "Signing key not loaded — key.pub: holds a public key, not a private key (sign with the key, not key.pub) (not_a_private_key)" });
    expect(await store.getState().loadSigningKey("notes.txt", picked("hello"))).toBe(false);
    expect(store.getState().notice?.text).toContain("(not_pem)");
    expect(store.getState().signingKey).toBeNull();
  });

  it("a signed suite with a verdict flipped and sealed again is loaded with the replay's verdicts and a loud alert", async () => {
    const store = await withSuite();
    await store.getState().loadSigningKey("key", picked(pair.privateKey));
    const exported = JSON.parse(await exportedSuite(store)) as ScoredSuiteExport;
    const index = exported.runs.findIndex((r) => r.verdicts.some((v) => v.status === "pass"));
    const { suite, check } = await flippedSuite(exported, index, true);
    expect(await store.getState().importText("forged.json", JSON.stringify(suite))).toBe(true);
    const { notice } = store.getState();
    expect(notice?.kind).toBe("error");
    expect(notice?.text).toContain("; signature does not match: the file was changed after");
    expect(notice?.text).toContain(`— VERDICTS DIFFER FROM THE FILE: run ${index} (`);
    expect(notice?.text).toContain(`check ${check} (the file says fail, the replay pass); the recomputed verdicts are shown`);
  });
});
