import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { main as evalMain } from "../src/cli/eval.ts";
import { main as keygenMain } from "../src/cli/keygen.ts";
import { main as verifyMain } from "../src/cli/verify.ts";
import type { ScoredSuiteExport } from "../src/schemas/export.ts";
import { flippedSuite } from "../tests/integrity/forged.ts";
import { runCli } from "../tests/cli/run-cli.ts";
import { expect, openRun, shot, test } from "./fixtures.ts";

// Signed results: a file signed by `npm run eval -- --sign` shows its signer on import, a signed
// file edited and sealed again does not, and the workbench signs its own exports with a picked key.

const dir = mkdtempSync(join(tmpdir(), "finbound-e2e-sign-"));
const key = join(dir, "key");
const notice = (page: Page) => page.getByTestId("notice");

async function keygen(): Promise<string> {
  const made = await runCli(keygenMain, ["--out", key]);
  expect(made.status).toBe(0);
  return /sha256:[0-9a-f]{64}/.exec(made.stdout)?.[0] ?? "";
}

test.describe.configure({ mode: "serial" });

let fingerprint = "";

test.beforeAll(async () => {
  fingerprint = await keygen();
});

test("a suite signed by eval --sign is shown as signed by its fingerprint; edited and sealed again, it is not", async ({ page }) => {
  const suite = join(dir, "suite.json");
  expect((await runCli(evalMain, ["--fixture", "fv-scenario-a", "--fixture", "concentration-hh1001", "--export", suite, "--sign", key])).status).toBe(0);
  await openRun(page, "fv-scenario-a", "reference");

  await page.getByTestId("import-input").setInputFiles(suite);
  await expect(notice(page)).toHaveAttribute("role", "status");
  await expect(notice(page)).toContainText(`suite.json: verified; signed by ${fingerprint}; `);
  await expect(notice(page)).toContainText("all verdicts match the file");
  await shot(page, "signed-suite-import");

  const { suite: forged, check } = await flippedSuite(JSON.parse(readFileSync(suite, "utf8")) as ScoredSuiteExport, 0, true);
  await page.getByTestId("import-input").setInputFiles({ name: "forged.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(forged)) });
  await expect(notice(page)).toHaveAttribute("role", "alert");
  await expect(notice(page)).toContainText("forged.json: verified; signature does not match: the file was changed after");
  await expect(notice(page)).toContainText(`VERDICTS DIFFER FROM THE FILE: run 0 (`);
  await expect(notice(page)).toContainText(`check ${check} (the file says fail, the replay pass)`);
  await shot(page, "forged-suite-import");
});

test("the workbench signs its export with a picked key: verify --key accepts it, and Import shows the signer beside the seal", async ({ page }) => {
  await openRun(page, "fv-scenario-a", "reads-other-household");
  await page.getByTestId("signing-key-input").setInputFiles(key);
  await expect(page.getByTestId("signing-key")).toContainText(`signing as ${fingerprint.slice(0, 19)}…`);
  await expect(notice(page)).toContainText(`Exports are now signed by ${fingerprint}`);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export run" }).click()]);
  const exported = join(dir, download.suggestedFilename());
  await download.saveAs(exported);
  expect(readFileSync(exported, "utf8")).not.toContain(readFileSync(key, "utf8").split("\n")[1]);
  const verified = await runCli(verifyMain, [exported, "--key", `${key}.pub`]);
  expect(verified).toMatchObject({ status: 0, stdout: expect.stringContaining(`verified; signed by ${fingerprint}; re-scored`) });

  await page.getByRole("button", { name: "Forget key" }).click();
  await expect(page.getByTestId("signing-key")).toHaveCount(0);
  await page.getByTestId("import-input").setInputFiles(exported);
  await expect(notice(page)).toContainText(`verified; signed by ${fingerprint}; imported and re-scored`);
  await expect(page.getByTestId("verification")).toContainText("Integrity: verified");
  await expect(page.getByTestId("signature")).toHaveText(`Signature: signed by ${fingerprint} — the key holder vouches for this file.`);
  await shot(page, "signed-run-import");

  // The same run exported again with no key: sealed, unsigned.
  const [unsigned] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export run" }).click()]);
  const plain = join(dir, "unsigned.json");
  await unsigned.saveAs(plain);
  await page.getByTestId("import-input").setInputFiles(plain);
  await expect(page.getByTestId("signature")).toContainText("Signature: sealed, unsigned");
});
