import { readFile } from "node:fs/promises";
import { currentRow, expect, openRun, test } from "./fixtures.ts";

test("Copy link on an imported run opens the same run and event in a new page; a missing run says so", async ({ page, context }) => {
  await openRun(page, "fv-scenario-a", "reads-other-household");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export run" }).click()]);
  const text = await readFile(await download.path(), "utf8");
  await page.getByTestId("import-input").setInputFiles({ name: "sealed-run.json", mimeType: "application/json", buffer: Buffer.from(text, "utf8") });
  await expect(page.getByTestId("run-title")).toHaveText("fv-scenario-a / reads-other-household (imported)");
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  const seq = await currentRow(page).getAttribute("data-seq");

  const meta = page.getByRole("region", { name: "Metadata and links" });
  await expect(meta.getByTestId("run-meta").locator('[data-meta="source"]')).toHaveText("import");
  await expect(meta.getByTestId("run-meta").locator('[data-meta="seal"]')).toHaveText("verified");
  await meta.getByRole("button", { name: "Copy link" }).click();
  await expect(meta.getByRole("status")).toBeVisible();
  const link = await meta.getByTestId("run-link").inputValue();
  expect(link).toMatch(/\?run=run-[0-9a-f]+&at=3$/);

  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByTestId("run-title")).toHaveText("fv-scenario-a / reads-other-household (imported)");
  await expect(currentRow(other)).toHaveAttribute("data-seq", seq ?? "");
  // A reload reopens the same run, and the address keeps naming it.
  await other.reload();
  await expect(other.getByTestId("run-title")).toHaveText("fv-scenario-a / reads-other-household (imported)");
  await expect(currentRow(other)).toHaveAttribute("data-seq", seq ?? "");
  expect(other.url()).toBe(link);

  await other.goto("/?run=run-0123456789abcdef&at=2");
  await expect(other.getByTestId("notice")).toContainText("Run not found");
  await expect(other.getByTestId("run-title")).toHaveCount(0);
  await other.close();
});
