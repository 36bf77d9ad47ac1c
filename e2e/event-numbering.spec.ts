import { readFile } from "node:fs/promises";
import { eventLog, expect, openRun, test } from "./fixtures.ts";

test("a refused import names the broken event by the number the timeline shows for it", async ({ page }) => {
  await openRun(page, "fv-scenario-a", "reference");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export run" }).click()]);
  const file = JSON.parse(await readFile(await download.path(), "utf8")) as { events: { kind: string; call_id?: string; data?: Record<string, unknown> }[] };
  const index = file.events.findIndex((e) => e.kind === "observation");
  const broken = file.events[index]!;
  broken.data!.value = 3345563.95;
  // What the timeline shows for that event: its row's number.
  const shown = (await eventLog(page).locator(`li[data-seq="${index}"] .event-number`).textContent())?.trim() ?? "";
  expect(shown).toMatch(/^#\d+$/);

  await page.getByTestId("import-input").setInputFiles({ name: "tampered.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(file), "utf8") });
  await expect(page.getByRole("alert")).toContainText(`tampered.json: rejected, not verified: event ${shown} (observation ${broken.call_id ?? ""}) breaks the hash chain`);
});
