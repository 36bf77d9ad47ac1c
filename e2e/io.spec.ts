import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, openRun, shot, test, verdictStatuses } from "./fixtures.ts";

interface ExportedVerdict {
  check: string;
  status: "pass" | "fail" | "n/a";
}

/** The parts of a finbound.scored-run/v1 file these tests read or edit; everything else is kept as is. */
interface ExportedRun {
  format: string;
  fixture: { id: string; content_hash: string };
  candidate: { name: string; kind: string };
  budget: Record<string, unknown>;
  verdicts: ExportedVerdict[];
  passed: boolean;
  [key: string]: unknown;
}

/** Clicks "Export run" and returns the downloaded file: its name, text and parsed JSON. */
async function exportRun(page: Page): Promise<{ fileName: string; text: string; json: ExportedRun }> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export run" }).click()]);
  const path = await download.path();
  const text = await readFile(path, "utf8");
  return { fileName: download.suggestedFilename(), text, json: JSON.parse(text) as ExportedRun };
}

async function importFile(page: Page, name: string, text: string): Promise<void> {
  await page.getByTestId("import-input").setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(text, "utf8") });
}

const notice = (page: Page) => page.getByTestId("notice");

test("exporting a run and importing the file re-scores it to the same verdicts", async ({ page }) => {
  await openRun(page, "fv-scenario-a", "reads-other-household");
  const before = await verdictStatuses(page);
  expect(Object.values(before)).toContain("fail");
  expect(Object.values(before)).toContain("pass");

  const exported = await exportRun(page);
  expect(exported.fileName).toBe("finbound-fv-scenario-a-reads-other-household.json");
  expect(exported.json.format).toBe("finbound.scored-run/v1");
  expect(exported.json).not.toHaveProperty("diagnostics");
  expect(exported.json.fixture.id).toBe("fv-scenario-a");
  expect(exported.json.candidate).toEqual({ name: "reads-other-household", kind: "scripted" });
  expect(Object.fromEntries(exported.json.verdicts.map((v) => [v.check, v.status]))).toEqual(before);

  // Open another run first, so what the import shows can only come from the file.
  await openRun(page, "fv-scenario-a", "reference");
  expect(await verdictStatuses(page)).not.toEqual(before);

  await importFile(page, exported.fileName, exported.text);
  await expect(notice(page)).toHaveAttribute("role", "status");
  await expect(notice(page)).toContainText("verified; sealed, unsigned; imported and re-scored");
  await expect(notice(page)).toContainText("the recomputed verdicts match the file");
  await expect(page.getByTestId("run-title")).toHaveText("fv-scenario-a / reads-other-household (imported)");
  await expect(page.getByTestId("import-report")).toContainText("the recomputed verdicts match the file");
  await expect(page.getByTestId("import-report").locator("li")).toHaveCount(0);
  await expect(page.getByTestId("verdicts")).toBeVisible();
  expect(await verdictStatuses(page)).toEqual(before);
});

test("importing a broken file shows an error and keeps the previous run", async ({ page }) => {
  await openRun(page, "fv-scenario-a", "reference");
  const valid = await exportRun(page);
  await openRun(page, "concentration-hh1001", "alters-input");
  const title = await page.getByTestId("run-title").textContent();
  const before = await verdictStatuses(page);
  const url = page.url();

  // Truncated JSON.
  await importFile(page, "truncated.json", '{"format":"finbound.scored-run/v1"');
  const alert = page.getByRole("alert");
  await expect(alert).toBeVisible();
  await expect(notice(page)).toHaveAttribute("role", "alert");
  await expect(notice(page)).toContainText("truncated.json");
  await expect(notice(page)).toContainText("not valid JSON");
  await expect(page.getByTestId("run-title")).toHaveText(title ?? "");
  expect(await verdictStatuses(page)).toEqual(before);
  expect(page.url()).toBe(url);
  await shot(page, "import-error");
  await notice(page).getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByRole("alert")).toHaveCount(0);

  // Valid JSON, valid format, one field of the wrong type: the message names the field.
  const wrongField = { ...valid.json, budget: { ...valid.json.budget, max_decisions: "four" } };
  await importFile(page, "wrong-field.json", JSON.stringify(wrongField));
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(notice(page)).toContainText("wrong-field.json");
  await expect(notice(page)).toContainText("not a valid finbound.scored-run/v1 file");
  await expect(notice(page)).toContainText('field "budget.max_decisions"');
  await expect(page.getByTestId("run-title")).toHaveText(title ?? "");
  expect(await verdictStatuses(page)).toEqual(before);

  // A fixture this workbench does not have.
  const unknownFixture = { ...valid.json, fixture: { ...valid.json.fixture, id: "no-such-fixture" } };
  await importFile(page, "unknown-fixture.json", JSON.stringify(unknownFixture));
  await expect(notice(page)).toContainText("unknown-fixture.json");
  await expect(notice(page)).toContainText('field "fixture.id"');
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.getByTestId("run-title")).toHaveText(title ?? "");
  expect(await verdictStatuses(page)).toEqual(before);
  await expect(page.getByTestId("import-report")).toHaveCount(0);
});

test("a file whose verdicts were edited to pass is re-scored: the recomputed failures are shown and every difference is reported", async ({ page }) => {
  await openRun(page, "fv-scenario-a", "alters-input");
  const before = await verdictStatuses(page);
  const exported = await exportRun(page);
  const notPassing = exported.json.verdicts.filter((v) => v.status !== "pass").map((v) => v.check);
  expect(notPassing.length).toBeGreaterThan(0);

  // Editing a sealed file breaks its seal, so a forger drops the seal: the import says "not sealed" and re-scores.
  const { integrity: _seal, ...unsealed } = exported.json;
  const doctored: ExportedRun = { ...unsealed, passed: true, verdicts: exported.json.verdicts.map((v) => ({ ...v, status: "pass" })) };
  await openRun(page, "fv-scenario-a", "reference");
  await importFile(page, "doctored.json", JSON.stringify(doctored, null, 2));

  // Loaded with the recomputed verdicts, and loudly: the file states verdicts its replay does not give.
  await expect(notice(page)).toHaveAttribute("role", "alert");
  await expect(notice(page)).toContainText(`${notPassing.length} verdict(s) differ from the file — VERDICTS DIFFER FROM THE FILE: run: check`);
  await expect(page.getByTestId("run-title")).toHaveText("fv-scenario-a / alters-input (imported)");
  // The verdicts shown are the recomputed ones, not the file's.
  expect(await verdictStatuses(page)).toEqual(before);
  await expect(page.locator('section[aria-label="Outcome"] .badge.status')).toHaveAttribute("data-status", "fail");

  const report = page.getByTestId("import-report");
  await expect(report).toContainText("doctored.json");
  await expect(page.getByTestId("verification")).toContainText("not sealed");
  await expect(report).toContainText(`${notPassing.length} verdict(s) differ from the file`);
  const items = report.locator("li");
  // Every check that differs, and the file's passed flag, which the forger set too.
  await expect(items).toHaveCount(notPassing.length + 1);
  await expect(items.last()).toContainText("passed: the file's flag differs from the recomputed one");
  for (const check of notPassing) {
    await expect(items.filter({ has: page.locator("code", { hasText: new RegExp(`^${check.replace(/[[\]().]/g, "\\$&")}$`) }) })).toContainText(`file says pass, recomputed ${before[check] ?? "?"}`);
  }
});

test("a sealed export with one number edited is rejected, the broken event is named, and the previous run stays", async ({ page }) => {
  await openRun(page, "fv-scenario-a", "reference");
  const exported = await exportRun(page);
  const events = exported.json.events as { kind: string; data?: Record<string, unknown> }[];
  const index = events.findIndex((e) => e.kind === "observation");
  events[index]!.data!.value = 3345563.95;
  await openRun(page, "concentration-hh1001", "reference");
  const before = await verdictStatuses(page);
  await importFile(page, "tampered.json", JSON.stringify(exported.json));
  await expect(page.getByRole("alert")).toContainText(`tampered.json: rejected, not verified: event #${index + 1} (observation call-1) breaks the hash chain`);
  await expect(page.getByTestId("run-title")).toContainText("concentration-hh1001 / reference");
  expect(await verdictStatuses(page)).toEqual(before);
  await shot(page, "tampered-import");
});
