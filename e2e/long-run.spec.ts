import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { replayCandidate } from "../src/candidates/replay.ts";
import { nodeSha256 } from "../src/cli/node-sha256.ts";
import { parseFixture } from "../src/fixture-set/parse.ts";
import { exportRun } from "../src/integrity/export.ts";
import { createVirtualClock } from "../src/runtime/clock.ts";
import { runEpisode } from "../src/runtime/episode.ts";
import { REFERENCE_BUDGET } from "../src/schemas/budget.ts";
import { toScoredRun } from "../src/scoring/score.ts";
import { PART_SIZE } from "../src/state/run/run-parts.ts";
import { decisionsFor, longRunRecord } from "./bench/long-run.ts";
import { currentRow, eventLog, eventRows, expect, openRun, test } from "./fixtures.ts";

/** A sealed export of a run with a budget of 150 decisions: about 750 events. */
async function longRunFile(): Promise<string> {
  const loaded = parseFixture("fv-scenario-a.json", readFileSync(new URL("../fixtures/fv-scenario-a.json", import.meta.url), "utf8"));
  if (!loaded.ok) throw new Error(loaded.message);
  const fixture = loaded.fixture;
  const call = JSON.stringify({ decision: "tool", tool: "future_value", arguments: { scenario: "scenario-A", principal_inr: 2500000, annual_return: 0.06, years: 5 } });
  const budget = { ...REFERENCE_BUDGET, max_decisions: 150, deadline_ms: 3_600_000 };
  const record = await runEpisode({ fixture, candidate: replayCandidate("long", Array.from({ length: 150 }, () => ({ text: call, latency_ms: 10 }))), clock: createVirtualClock(), budget });
  const file = await exportRun(toScoredRun(record, fixture), fixture, "scripted", { includeDiagnostics: false, sha256: nodeSha256, nowIso: new Date().toISOString() });
  return JSON.stringify(file);
}

test("a long run's timeline is virtualized: only rows near the screen exist, and the keys still reach every event", async ({ page }) => {
  await openRun(page, "concentration-hh1001", "reference");
  const text = await longRunFile();
  const total = (JSON.parse(text) as { events: unknown[] }).events.length;
  expect(total).toBeGreaterThan(700);
  await page.getByTestId("import-input").setInputFiles({ name: "long.json", mimeType: "application/json", buffer: Buffer.from(text) });
  await expect(page.getByTestId("notice")).toContainText("long.json: verified");
  await expect(eventLog(page)).toHaveAttribute("data-virtualized", "true");
  expect(await eventRows(page).count()).toBeLessThan(80);
  await expect(page.getByTestId("cursor-position")).toHaveText(`event ${total} of ${total}`);
  await expect(currentRow(page)).toHaveAttribute("data-kind", "run_finished");
  await expect(currentRow(page)).toBeInViewport();
  await page.keyboard.press("Home");
  await expect(currentRow(page)).toHaveAttribute("data-kind", "run_started");
  await expect(currentRow(page)).toBeInViewport();
  for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
  await expect(currentRow(page)).toHaveAttribute("data-seq", "5");
  await page.keyboard.press("End");
  await expect(currentRow(page)).toHaveAttribute("data-kind", "run_finished");
  await expect(currentRow(page)).toBeInViewport();
});

test("a run longer than one part crosses from the import worker part by part, arrives whole, and its link opens it", async ({ page, context }) => {
  await openRun(page, "concentration-hh1001", "reference");
  const fixture = parseFixture("fv-scenario-a.json", readFileSync(new URL("../fixtures/fv-scenario-a.json", import.meta.url), "utf8"));
  if (!fixture.ok) throw new Error(fixture.message);
  // Each part is sent when the page has taken the last (import-protocol.ts): three parts of events, one of tool calls.
  const record = await longRunRecord(fixture.fixture, decisionsFor(2 * PART_SIZE + 1000));
  const file = await exportRun(toScoredRun(record, fixture.fixture), fixture.fixture, "scripted", { includeDiagnostics: false, sha256: nodeSha256, nowIso: new Date().toISOString() });
  const total = file.events.length;
  expect(total).toBeGreaterThan(2 * PART_SIZE);
  await page.getByTestId("import-input").setInputFiles({ name: "parts.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(file)) });
  await expect(page.getByTestId("notice")).toContainText("parts.json: verified");
  await expect(page.getByTestId("cursor-position")).toHaveText(`event ${total} of ${total}`);
  await expect(currentRow(page)).toHaveAttribute("data-kind", "run_finished");
  await expect(currentRow(page)).toHaveAttribute("data-seq", String(total - 1));

  // Its link is made in the worker once the page is quiet, and opens the same run at the same event.
  const meta = page.getByRole("region", { name: "Metadata and links" });
  await meta.getByRole("button", { name: "Copy link" }).click();
  const link = await meta.getByTestId("run-link").inputValue();
  expect(link).toMatch(/\?run=run-[0-9a-f]+&at=\d+$/);
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByTestId("cursor-position")).toHaveText(`event ${total} of ${total}`);
  await expect(currentRow(other)).toHaveAttribute("data-kind", "run_finished");
  await other.close();
});

/** Each rendered row's top against the bottom of the row before it, in px (0: they touch). */
const gapsBetweenRows = (page: Page): Promise<number[]> =>
  eventLog(page).evaluate((ol) => {
    const rows = [...ol.querySelectorAll<HTMLElement>(":scope > li")].map((li) => ({ pos: Number(li.dataset.pos), box: li.getBoundingClientRect() })).sort((a, b) => a.pos - b.pos);
    return rows.slice(1).map((r, i) => Math.round(r.box.top - rows[i]!.box.bottom));
  });

test("a long run's rows stay stacked, none over another, as the cursor steps, as a row's body is folded and as a kind is hidden", async ({ page }) => {
  await openRun(page, "concentration-hh1001", "reference");
  await page.getByTestId("import-input").setInputFiles({ name: "long.json", mimeType: "application/json", buffer: Buffer.from(await longRunFile()) });
  await expect(page.getByTestId("notice")).toContainText("long.json: verified");
  await page.keyboard.press("Home");
  for (let i = 0; i < 12; i++) await page.keyboard.press("ArrowRight");
  await expect(currentRow(page)).toHaveAttribute("data-seq", "12");
  await expect.poll(async () => [...new Set(await gapsBetweenRows(page))]).toEqual([0]);

  // A row that changes size after it was measured: the rows after it follow, in the next frames.
  const seq = await eventLog(page).locator("li:has(details[open])").first().getAttribute("data-seq");
  const row = eventLog(page).locator(`li[data-seq="${seq}"]`);
  const open = await row.locator("details").evaluateAll((all) => all.findIndex((d) => (d as HTMLDetailsElement).open));
  const body = row.locator("details").nth(open);
  const before = (await row.boundingBox())?.height ?? 0;
  await body.locator("summary").click();
  await expect(body).not.toHaveAttribute("open");
  await expect.poll(async () => (await row.boundingBox())?.height ?? 0).toBeLessThan(before);
  await expect.poll(async () => [...new Set(await gapsBetweenRows(page))]).toEqual([0]);
  await body.locator("summary").click();
  await expect.poll(async () => (await row.boundingBox())?.height ?? 0).toBe(before);
  await expect.poll(async () => [...new Set(await gapsBetweenRows(page))]).toEqual([0]);

  // Other rows shown (a kind hidden, then shown again): each is measured at its new place.
  const filter = page.getByTestId("kind-filter");
  await filter.locator("summary").click();
  await filter.locator('input[data-kind="model_request"]').uncheck();
  await expect(eventLog(page).locator('li[data-kind="model_request"]')).toHaveCount(0);
  await expect.poll(async () => [...new Set(await gapsBetweenRows(page))]).toEqual([0]);
  await filter.locator('input[data-kind="model_request"]').check();
  await expect(eventLog(page).locator('li[data-kind="model_request"]').first()).toBeAttached();
  await expect.poll(async () => [...new Set(await gapsBetweenRows(page))]).toEqual([0]);
});

test("a jump in a long run's timeline makes only the rows in view, and the rows around them once the list is still", async ({ page }) => {
  await openRun(page, "concentration-hh1001", "reference");
  const text = await longRunFile();
  const total = (JSON.parse(text) as { events: unknown[] }).events.length;
  await page.getByTestId("import-input").setInputFiles({ name: "long.json", mimeType: "application/json", buffer: Buffer.from(text) });
  await expect(page.getByTestId("notice")).toContainText("long.json: verified");

  // Rows rendered wholly above or below the column on screen: at rest, then as the first change to the
  // list after a jump leaves them (read in the task that made them, by a mutation observer, so no timer
  // of the list's can have run in between), then once the list is still again.
  const seen = await eventLog(page).evaluate((ol, total) => {
    const column = ol.closest<HTMLElement>(".column");
    if (!column) throw new Error("no column");
    const outOfView = (): number => {
      const box = column.getBoundingClientRect();
      return [...ol.children].filter((li) => {
        const r = li.getBoundingClientRect();
        return r.bottom < box.top - 1 || r.top > box.bottom + 1;
      }).length;
    };
    const until = (ok: () => boolean): Promise<void> =>
      new Promise((resolve) => {
        const deadline = performance.now() + 10_000;
        const check = (): void => (ok() || performance.now() > deadline ? resolve() : void requestAnimationFrame(check));
        check();
      });
    return until(() => outOfView() > 0).then(async () => {
      const atRest = outOfView();
      const justAfter = await new Promise<{ rows: number; outOfView: number }>((resolve) => {
        // The rows the jump made, in the middle of the log (not some other change to the rows at its end).
        const inMiddle = (): boolean => {
          const pos = Number((ol.firstElementChild as HTMLElement | null)?.dataset.pos ?? -1);
          return pos > total * 0.25 && pos < total * 0.75;
        };
        const observer = new MutationObserver(() => {
          if (!inMiddle()) return;
          observer.disconnect();
          resolve({ rows: ol.children.length, outOfView: outOfView() });
        });
        observer.observe(ol, { childList: true });
        column.scrollTop = column.scrollHeight / 2;
      });
      await until(() => outOfView() > 0);
      return { atRest, justAfter, still: outOfView() };
    });
  }, total);
  expect(seen.atRest).toBeGreaterThan(0);
  expect(seen.justAfter.rows).toBeGreaterThan(0);
  expect(seen.justAfter.outOfView).toBe(0);
  expect(seen.still).toBeGreaterThan(0);
  await expect.poll(async () => [...new Set(await gapsBetweenRows(page))]).toEqual([0]);
});

test("a jump reuses the rows it leaves for the rows it lands on, and a body unfolded in one is folded for the event shown in its place", async ({ page }) => {
  await openRun(page, "concentration-hh1001", "reference");
  const text = await longRunFile();
  const total = (JSON.parse(text) as { events: unknown[] }).events.length;
  await page.getByTestId("import-input").setInputFiles({ name: "long.json", mimeType: "application/json", buffer: Buffer.from(text) });
  await expect(page.getByTestId("notice")).toContainText("long.json: verified");
  await page.keyboard.press("Home");
  await expect(currentRow(page)).toHaveAttribute("data-kind", "run_started");
  // Every decision's body starts folded: unfolded here, each would stay unfolded in a row reused as it is.
  const decisions = eventLog(page).locator('li[data-kind="decision"] details');
  expect(await decisions.count()).toBeGreaterThan(0);
  // One at a time: a row that unfolds grows, and the rows after it may leave the rendered range,
  // even between counting a folded row and clicking it; an attempt whose row left is tried again.
  const folded = eventLog(page).locator('li[data-kind="decision"] details:not([open]) > summary');
  await expect(async () => {
    if ((await folded.count()) > 0) await folded.first().click({ timeout: 1_000 });
    await expect(folded).toHaveCount(0, { timeout: 250 });
  }).toPass({ timeout: 15_000 });

  const jump = await eventLog(page).evaluate(
    (ol, total) =>
      new Promise<{ before: number; rows: number; made: number; reusedDecisions: number; unfolded: number }>((resolve) => {
        const column = ol.closest<HTMLElement>(".column");
        if (!column) throw new Error("no column");
        // The row holding the focus leaves with its own event (row-keys.ts): nothing holds it here.
        (document.activeElement as HTMLElement | null)?.blur();
        const before = new Set(ol.children);
        const inMiddle = (): boolean => {
          const pos = Number((ol.firstElementChild as HTMLElement | null)?.dataset.pos ?? -1);
          return pos > total * 0.25 && pos < total * 0.75;
        };
        // Read in the task that placed the rows the jump landed on, before the list widens around them.
        const observer = new MutationObserver(() => {
          if (!inMiddle()) return;
          observer.disconnect();
          const rows = [...ol.children] as HTMLElement[];
          const decisionsNow = rows.filter((li) => li.dataset.kind === "decision");
          resolve({
            before: before.size,
            rows: rows.length,
            made: rows.filter((li) => !before.has(li)).length,
            reusedDecisions: decisionsNow.filter((li) => before.has(li)).length,
            unfolded: decisionsNow.filter((li) => li.querySelector("details")?.open === true).length,
          });
        });
        observer.observe(ol, { childList: true, subtree: true });
        column.scrollTop = column.scrollHeight / 2;
      }),
    total,
  );
  expect(jump.rows).toBeGreaterThan(2);
  // Every row the jump left is reused, as far as the rows it landed on go.
  expect(jump.rows - jump.made).toBe(Math.min(jump.before, jump.rows));
  expect(jump.reusedDecisions).toBeGreaterThan(0);
  expect(jump.unfolded).toBe(0);
  await expect.poll(async () => [...new Set(await gapsBetweenRows(page))]).toEqual([0]);
});
