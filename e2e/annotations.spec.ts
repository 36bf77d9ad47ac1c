import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, openRun, test, waitForRunFinished } from "./fixtures.ts";

const annotations = (page: Page) => page.getByTestId("run-annotations").locator("li");

async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: button, exact: true }).click()]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), "utf8") };
}

test("an annotated verdict is still there after a reload and stays attached when the run is re-scored from its export", async ({ page }) => {
  await openRun(page, "fv-scenario-a", "reads-other-household");
  const failing = page.getByTestId("verdicts").locator('[data-status="fail"]').first();
  const check = (await failing.getAttribute("data-check")) ?? "";
  await failing.getByRole("button", { name: `Annotate ${check}` }).click();
  const form = page.getByRole("form", { name: `Annotate ${check}` });
  await form.getByLabel("confirmed").check();
  await form.getByLabel("Reason").fill("reading another household is the failure we want caught");
  await form.getByLabel("Author").fill("Ana Analyst");
  await form.getByRole("button", { name: "Save annotation" }).click();
  await expect(annotations(page)).toHaveCount(1);
  await expect(annotations(page).first()).toHaveAttribute("data-check", check);
  await expect(annotations(page).first()).toHaveAttribute("data-stale", "false");
  await expect(annotations(page).first()).toContainText("Ana Analyst");

  await page.reload();
  await waitForRunFinished(page);
  await expect(annotations(page)).toHaveCount(1);
  await expect(annotations(page).first()).toContainText("reading another household is the failure we want caught");
  // The last author is offered for the next annotation.
  await page.getByTestId("verdicts").locator("[data-check]").last().getByRole("button", { name: /^Annotate / }).click();
  await expect(page.getByRole("form", { name: /^Annotate / }).getByLabel("Author")).toHaveValue("Ana Analyst");

  // Re-score: export the run and import the file.
  const exported = await download(page, "Export run");
  await page.getByTestId("import-input").setInputFiles({ name: exported.name, mimeType: "application/json", buffer: Buffer.from(exported.text, "utf8") });
  await expect(page.getByTestId("run-title")).toContainText("(imported)");
  await expect(annotations(page)).toHaveCount(1);
  await expect(annotations(page).first()).toHaveAttribute("data-stale", "false");

  // Exported beside the run, never inside it.
  expect(exported.text).not.toContain("Ana Analyst");
  const file = await download(page, "Export annotations");
  expect(JSON.parse(file.text)).toMatchObject({ format: "finbound.annotations/v1", annotations: [{ author: "Ana Analyst", mark: "confirmed", target: { check } }] });

  // A bad annotations file changes nothing.
  await page.getByTestId("annotations-import-input").setInputFiles({ name: "bad.json", mimeType: "application/json", buffer: Buffer.from('{"format":"finbound.annotations/v1"}', "utf8") });
  await expect(page.getByTestId("notice")).toContainText("bad.json");
  await expect(annotations(page)).toHaveCount(1);
});
