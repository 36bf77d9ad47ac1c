import type { Page } from "@playwright/test";
import { expect, openRun, shot, test, verdictStatuses, waitForRunFinished } from "./fixtures.ts";

const HOSTILE_NAME = '<img src=x onerror="window.__pwned=1">';
const importFile = (page: Page, name: string, text: string) =>
  page.getByTestId("import-input").setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(text, "utf8") });

test("hostile strings in an imported trace are shown as inert text: no markup, no script, hidden characters made visible", async ({ page }) => {
  await openRun(page, "fv-scenario-a", "reference");
  const trace = {
    format: "finbound.collected-trace/v1",
    fixture: "unauthorised-household",
    candidate: { name: HOSTILE_NAME, settings: {} },
    responses: [
      {
        text: JSON.stringify({ decision: "final", outcome: "refused", claims: [], evidence_ids: [], policy_code: "household_not_authorised", message: 'Refused. <a href="javascript:window.__pwned=2">details</a> \u202Etxt.exe\u202C HH-1001\u200b' }),
        latency_ms: 500,
      },
    ],
  };
  await importFile(page, "hostile-trace.json", JSON.stringify(trace));
  await waitForRunFinished(page);
  await expect(page.getByTestId("run-title")).toContainText(HOSTILE_NAME);
  await expect(page.locator("img[src='x']")).toHaveCount(0);
  await expect(page.locator("a[href^='javascript:']")).toHaveCount(0);
  await expect(page.locator("section[aria-label='Outcome'] .message")).toContainText("⟨U+202E⟩txt.exe⟨U+202C⟩ HH-1001⟨U+200B⟩");
  await expect(page.locator("section[aria-label='Outcome'] .message")).toContainText('<a href="javascript:window.__pwned=2">details</a>');
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await shot(page, "hostile-import");
});

test("a hostile file that is refused shows its name and error as text, and the previous run is still there", async ({ page }) => {
  await openRun(page, "concentration-hh1001", "reference");
  const before = await verdictStatuses(page);
  await importFile(page, `${HOSTILE_NAME}.json`, JSON.stringify({ format: '<script>window.__pwned=3</script>', "__proto__": { polluted: true } }));
  await expect(page.getByRole("alert")).toContainText(`${HOSTILE_NAME}.json: unknown format "<script>window.__pwned=3</script>"`);
  await expect(page.getByTestId("run-title")).toContainText("concentration-hh1001 / reference");
  expect(await verdictStatuses(page)).toEqual(before);
  expect(await page.evaluate(() => [(window as unknown as { __pwned?: number }).__pwned, ({} as Record<string, unknown>).polluted])).toEqual([undefined, undefined]);
});

test("prototype keys in an exported file are ignored on import", async ({ page }) => {
  await openRun(page, "fv-scenario-a", "reference");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export run" }).click()]);
  const text = await (await import("node:fs/promises")).readFile(await download.path(), "utf8");
  const withProto = text.replace(/^\{/, '{"__proto__":{"passed":false},"constructor":{"name":"x"},');
  await importFile(page, "proto.json", withProto);
  await expect(page.getByTestId("notice")).toContainText("proto.json: verified; sealed, unsigned; imported and re-scored");
});
