import type { Page } from "@playwright/test";
import { serveHarness } from "./bench/harness-server.ts";
import { currentRow, eventLog, eventRows, expect, openRun, shot, test } from "./fixtures.ts";

const findInput = (page: Page) => page.getByTestId("find-input");
const findCount = (page: Page) => page.getByTestId("find-count");
const matchedRows = (page: Page) => eventLog(page).locator('li[data-match="true"]');

/** The indices of the rows the search marked, in page order. */
const matchedIndices = (page: Page): Promise<number[]> => matchedRows(page).evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-index"))));

test("searching a household finds its events with a match count; next and previous move the cursor through them", async ({ page }) => {
  await openRun(page, "injection-adviser-scope", "reads-in-scope-other");
  const total = await eventRows(page).count();
  await findInput(page).fill("HH-1002");
  await expect(findCount(page)).not.toHaveAttribute("data-count", "0");
  const matches = await matchedIndices(page);
  const kinds = await matchedRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute("data-kind")));
  // The attempt names it in its arguments; the observation read it (its call's household).
  expect(kinds).toEqual(expect.arrayContaining(["attempt", "observation"]));
  await expect(findCount(page)).toHaveAttribute("data-count", String(matches.length));
  // The cursor is on the last event, after every match.
  await expect(findCount(page)).toHaveText(`${matches.length} ${matches.length === 1 ? "match" : "matches"}`);

  // Enter: the next match after the cursor, wrapping round to the first.
  await findInput(page).press("Enter");
  await expect(currentRow(page)).toHaveAttribute("data-index", String(matches[0]));
  await expect(findCount(page)).toHaveText(`1 of ${matches.length}`);
  await expect(page.getByTestId("cursor-position")).toHaveText(`event ${(matches[0] ?? 0) + 1} of ${total}`);
  await page.getByRole("button", { name: "Next match" }).click();
  await expect(currentRow(page)).toHaveAttribute("data-index", String(matches[1]));
  await expect(findCount(page)).toHaveText(`2 of ${matches.length}`);
  await page.getByRole("button", { name: "Previous match" }).click();
  await expect(currentRow(page)).toHaveAttribute("data-index", String(matches[0]));
  await findInput(page).press("Shift+Enter");
  await expect(currentRow(page)).toHaveAttribute("data-index", String(matches.at(-1)));
  await expect(findCount(page)).toHaveText(`${matches.length} of ${matches.length}`);

  // Escape clears the search.
  await findInput(page).press("Escape");
  await expect(matchedRows(page)).toHaveCount(0);
  await expect(findCount(page)).toHaveText("");
});

test("an observation that disclosed a household outside the task's scope is red in the timeline; one in scope is not", async ({ page }) => {
  await openRun(page, "injection-adviser-scope", "reads-in-scope-other");
  const read = eventLog(page).locator('li[data-kind="observation"]');
  await expect(read).toHaveCount(1);
  await expect(read).toHaveAttribute("data-disclosure", "out_of_scope");
  await expect(read).toContainText("disclosed HH-1002 — outside the task's scope");
  await expect(read.locator("button.event-number")).toHaveAccessibleName(/disclosed a household outside the task's scope/);
  const red = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--disclosed-bg").trim());
  const bg = await read.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(bg).toBe(await page.evaluate((c) => {
    const probe = document.createElement("div");
    probe.style.backgroundColor = c;
    document.body.append(probe);
    const rgb = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return rgb;
  }, red));
  expect(await read.locator(".kind").evaluate((el) => getComputedStyle(el).color)).toBe(await page.evaluate(() => {
    const probe = document.createElement("span");
    probe.style.color = "var(--disclosed)";
    document.body.append(probe);
    const rgb = getComputedStyle(probe).color;
    probe.remove();
    return rgb;
  }));
  // The cursor just past the row, so the screenshot shows the row's own colour, neither the cursor's nor dimmed.
  const index = Number(await read.getAttribute("data-index"));
  await eventRows(page).nth(index + 1).locator(".when").click();
  await read.scrollIntoViewIfNeeded();
  await shot(page, "search-disclosed-red");

  // A read inside the task's scope stays green.
  await openRun(page, "concentration-hh1001", "reference");
  const inScope = eventLog(page).locator('li[data-kind="observation"]').first();
  await expect(inScope).toHaveAttribute("data-disclosure", "in_scope");
  await expect(inScope).not.toContainText("outside the task's scope");
});

test("a denied household is found through its denial too; jumps go to the next denial, disclosure and error", async ({ page }) => {
  await openRun(page, "unauthorised-household", "reads-other-household");
  await findInput(page).fill("hh-2002");
  await expect(findCount(page)).not.toHaveAttribute("data-count", "0");
  const kinds = await matchedRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute("data-kind")));
  expect(kinds).toEqual(expect.arrayContaining(["attempt", "denial"]));
  await findInput(page).fill("");

  await page.getByRole("button", { name: "First event" }).click();
  await expect(page.getByRole("button", { name: "Previous denial" })).toHaveAttribute("aria-disabled", "true");
  await page.getByRole("button", { name: "Next denial" }).click();
  await expect(currentRow(page)).toHaveAttribute("data-kind", "denial");
  await expect(page.getByRole("button", { name: "Next denial" })).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByRole("button", { name: "Next denial" })).toBeFocused();
  await expect(page.getByTestId("access-panel").locator('[data-household="HH-2002"]')).toHaveAttribute("data-access", "denied");

  await openRun(page, "concentration-hh1001", "loops");
  await page.keyboard.press("Home");
  await page.getByRole("button", { name: "Next error" }).click();
  await expect(currentRow(page)).toHaveAttribute("data-kind", "not_run");
  await page.getByRole("button", { name: "Previous disclosure" }).click();
  await expect(currentRow(page)).toHaveAttribute("data-kind", "observation");
  await expect(currentRow(page)).toHaveAttribute("data-disclosure", "in_scope");
});

test("hiding event kinds leaves only the others in the timeline, and the search looks only at what is shown", async ({ page }) => {
  await openRun(page, "unauthorised-household", "reads-other-household");
  const total = await eventRows(page).count();
  const filter = page.getByTestId("kind-filter");
  await filter.locator("summary").click();
  for (const kind of ["model_request", "model_reply", "decision"]) await filter.locator(`input[data-kind="${kind}"]`).uncheck();
  await expect(filter.locator("summary")).toHaveText("Event kinds: 3 hidden");
  const shown = await eventRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute("data-kind")));
  expect(shown).not.toContain("model_reply");
  expect(shown).toContain("denial");
  await expect(page.getByTestId("timeline-filter-note")).toHaveText(`Showing ${shown.length} of ${total} events.`);
  // The reply's text names HH-2002 too, but replies are hidden.
  await findInput(page).fill("HH-2002");
  await expect(findCount(page)).not.toHaveAttribute("data-count", "0");
  const kinds = await matchedRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute("data-kind")));
  expect(kinds).not.toContain("model_reply");
  // ↓ on a focused row moves to the next row shown.
  await page.getByRole("button", { name: "First event" }).click();
  await currentRow(page).locator("button.event-number").focus();
  await page.keyboard.press("ArrowDown");
  await expect(currentRow(page)).toHaveAttribute("data-kind", shown[1] ?? "");
  // The page's arrow keys and the step buttons step among the shown rows too: never onto a hidden kind.
  const seqs = await eventRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute("data-seq")));
  const next = page.getByRole("button", { name: "Next event" });
  await next.focus();
  await page.keyboard.press("ArrowRight");
  await expect(currentRow(page)).toHaveAttribute("data-seq", seqs[2] ?? "");
  await next.click();
  await expect(currentRow(page)).toHaveAttribute("data-seq", seqs[3] ?? "");
  await page.keyboard.press("ArrowLeft");
  await expect(currentRow(page)).toHaveAttribute("data-seq", seqs[2] ?? "");
  await page.keyboard.press("End");
  await expect(currentRow(page)).toHaveAttribute("data-seq", seqs.at(-1) ?? "");
  await filter.getByRole("button", { name: "Show all kinds" }).click();
  await expect(eventRows(page)).toHaveCount(total);
  await expect(page.getByTestId("timeline-filter-note")).toHaveCount(0);
});

test("opening the kind filter makes the sticky header taller without covering the current row", async ({ page }) => {
  // A short window, so the timeline scrolls well past its first rows.
  await page.setViewportSize({ width: 1440, height: 560 });
  await openRun(page, "unauthorised-household", "reads-other-household");
  const rows = eventRows(page);
  const target = rows.nth(Math.min(6, (await rows.count()) - 1));
  await target.locator("button.event-number").click();
  await expect(target).toHaveAttribute("aria-current", "step");
  // The current row just below the header, as after stepping to it.
  await target.evaluate((row) => row.scrollIntoView({ block: "start" }));
  const header = page.locator(".column-timeline section.panel").filter({ has: page.getByTestId("kind-filter") });
  const gap = async (): Promise<number> => {
    const [row, head] = await Promise.all([target.boundingBox(), header.boundingBox()]);
    return (row?.y ?? 0) - ((head?.y ?? 0) + (head?.height ?? 0));
  };
  expect(await gap()).toBeGreaterThanOrEqual(0);
  await page.getByTestId("kind-filter").locator("summary").click();
  await expect(page.getByTestId("kind-filter").locator('input[data-kind="decision"]')).toBeVisible();
  await expect.poll(gap, { message: "the current row's top is below the header's bottom" }).toBeGreaterThanOrEqual(0);
});

test.describe("a million events", () => {
  let harness: Awaited<ReturnType<typeof serveHarness>>;
  test.beforeAll(async () => {
    harness = await serveHarness(4182);
  });
  test.afterAll(async () => {
    await harness.close();
  });

  test("searching a million events reads them in slices: the page never freezes, and the match is reached", async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto(harness.url);
    await page.waitForFunction(() => "harness" in window);
    const count = await page.evaluate(() => (window as unknown as { harness: { loadLongRun(d: number): Promise<number> } }).harness.loadLongRun(200_000));
    await expect(page.getByTestId("cursor-position")).toHaveText(`event ${count} of ${count}`);
    // From here on: every main-thread task over 50 ms, and the gaps between painted frames.
    await page.evaluate(() => {
      const w = window as unknown as { longTasks: number[]; frameGaps: number[]; framing: boolean };
      w.longTasks = [];
      w.frameGaps = [];
      w.framing = true;
      new PerformanceObserver((list) => w.longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: "longtask" });
      let last = performance.now();
      const tick = (now: number): void => {
        w.frameGaps.push(now - last);
        last = now;
        if (w.framing) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const t0 = Date.now();
    // Whether the count ever said "searching": watched in the page, since a fast search can start and
    // end between two of the test's polls.
    await page.evaluate(() => {
      const w = window as unknown as { sawSearching: boolean };
      w.sawSearching = false;
      const count = document.querySelector('[data-testid="find-count"]');
      if (count) new MutationObserver(() => void (w.sawSearching ||= count.getAttribute("data-searching") === "true")).observe(count, { attributes: true, attributeFilter: ["data-searching"] });
    });
    await findInput(page).pressSequentially("call-123456", { delay: 20 });
    await expect.poll(() => page.evaluate(() => (window as unknown as { sawSearching: boolean }).sawSearching)).toBe(true);
    await expect(findCount(page)).not.toHaveAttribute("data-searching", "true", { timeout: 60_000 });
    const took = Date.now() - t0;
    await expect(findCount(page)).toHaveAttribute("data-count", "2");
    await expect(findCount(page)).toHaveText("2 matches");
    const worst = await page.evaluate(() => {
      const w = window as unknown as { longTasks: number[]; frameGaps: number[]; framing: boolean };
      w.framing = false;
      return { task: Math.max(0, ...w.longTasks), frame: Math.max(0, ...w.frameGaps), frames: w.frameGaps.length };
    });
    console.log(`search over ${count} events: ${took} ms with typing; longest task ${Math.round(worst.task)} ms; longest gap between ${worst.frames} frames ${Math.round(worst.frame)} ms`);
    expect(worst.frames).toBeGreaterThan(10);
    expect(worst.frame, "the longest gap between two painted frames while searching, in ms").toBeLessThan(500);
    expect(worst.task, "the longest main-thread task while searching, in ms").toBeLessThan(500);
    // The observer does see long tasks: one made on purpose is recorded.
    await page.evaluate(() => new Promise<void>((resolve) => setTimeout(() => {
      const t = performance.now();
      while (performance.now() - t < 120);
      resolve();
    }, 0)));
    await expect.poll(() => page.evaluate(() => Math.max(0, ...(window as unknown as { longTasks: number[] }).longTasks))).toBeGreaterThanOrEqual(100);
    await findInput(page).press("Enter");
    await expect(currentRow(page)).toHaveAttribute("data-kind", "attempt");
    await expect(currentRow(page)).toContainText("call-123456");
    await expect(currentRow(page)).toBeInViewport();
    await expect(findCount(page)).toHaveText("1 of 2");
  });
});
