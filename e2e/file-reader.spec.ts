import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main as verifyMain } from "../src/cli/verify.ts";
import { hostileExports } from "../tests/cli/hostile-files.ts";
import { runCli } from "../tests/cli/run-cli.ts";
import { expect, openRun, test, verdictStatuses } from "./fixtures.ts";

// contract §8a: what the workbench refuses, the CLI refuses with the same words. Each hostile file is
// made from a run exported by this page, imported here, and given to `npm run verify` (its main,
// in this process); the words after the file's name must be identical.
test("the workbench refuses what npm run verify refuses, in the same words, and keeps the previous run", async ({ page }) => {
  await openRun(page, "concentration-hh1001", "reference");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export run" }).click()]);
  const exported = readFileSync(await download.path());
  await openRun(page, "fv-scenario-a", "alters-input");
  const before = await verdictStatuses(page);
  const dir = mkdtempSync(join(tmpdir(), "finbound-e2e-reader-"));

  for (const hostile of hostileExports(exported)) {
    const path = join(dir, hostile.name);
    writeFileSync(path, hostile.bytes);
    const cli = await runCli(verifyMain, [path, ...hostile.cliArgs]);
    expect(cli, hostile.name).toMatchObject({ status: 2, stderr: `finbound verify: ${hostile.code}: ${path}: ${hostile.message}\n` });

    // By path: the oversized file is over the 50 MB Playwright passes as a buffer (its name is the file's).
    await page.getByTestId("import-input").setInputFiles(path);
    await expect(page.getByRole("alert").locator("span")).toHaveText(`Import failed — ${hostile.name}: ${hostile.message}`);
    await expect(page.getByTestId("run-title")).toContainText("fv-scenario-a / alters-input");
    expect(await verdictStatuses(page)).toEqual(before);
    await page.getByRole("alert").getByRole("button", { name: "Dismiss" }).click();
    await expect(page.getByRole("alert")).toHaveCount(0);
  }

  // The untouched export still imports and verifies: the refusals were the edits, not the reader.
  await page.getByTestId("import-input").setInputFiles({ name: "untouched.json", mimeType: "application/json", buffer: exported });
  await expect(page.getByTestId("notice")).toContainText("untouched.json: verified; sealed, unsigned; imported and re-scored");
});
