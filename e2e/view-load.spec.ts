import { expect, openRun, shot, test } from "./fixtures.ts";

// A view's code that fails to arrive (the server stopped, the network dropped, the app was rebuilt
// under an open page) is named as such, and "Try again" fetches it again once it can: React.lazy
// alone kept the failure until a reload, which loses a workspace held only in memory.

test("a view whose code fails to load says so, keeps the workspace, and loads on Try again once its code can arrive", async ({ page, consoleErrors }) => {
  await openRun(page, "concentration-hh1001", "reference");
  let serverDown = true;
  let fetches = 0;
  // A browser that keeps a failed import asks for the chunk again with a query added (lazy-view.tsx).
  await page.route(/\/assets\/CompareView-[^/?]*\.js(\?.*)?$/, (route) => {
    fetches += 1;
    return serverDown ? route.abort("connectionrefused") : route.continue();
  });

  await page.getByRole("tab", { name: "Compare" }).click();
  const failed = page.getByTestId("view-failed");
  await expect(failed).toHaveAttribute("data-reason", "not-loaded");
  await expect(failed.getByRole("heading")).toHaveText("The compare view could not be loaded");
  expect(fetches).toBeGreaterThan(0);
  await shot(page, "view-not-loaded");

  // The workspace is as it was: the run is still open in its own view.
  await page.getByRole("tab", { name: "Single run" }).click();
  await expect(page.getByTestId("run-title")).toContainText("concentration-hh1001 / reference");

  // Back to the view, the server up again: Try again fetches the code and draws the view.
  await page.getByRole("tab", { name: "Compare" }).click();
  await expect(failed).toBeVisible();
  const before = fetches;
  serverDown = false;
  await failed.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("button", { name: "Two runs" })).toBeVisible();
  await expect(failed).toHaveCount(0);
  expect(fetches).toBeGreaterThan(before);

  // What the browser and the boundary log about the failed fetches is expected here; anything else is not.
  const chunk = /CompareView-[^/ ]*\.js/;
  expect(consoleErrors.some((e) => chunk.test(e) && e.includes("the compare view failed"))).toBe(true);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !chunk.test(e)));
});

test("a claims table whose code fails to load says so in its own panel, leaves the rest of the run view, and loads on Try again", async ({ page, consoleErrors }) => {
  let serverDown = true;
  await page.route(/\/assets\/ClaimsTable-[^/?]*\.js(\?.*)?$/, (route) => (serverDown ? route.abort("connectionrefused") : route.continue()));
  await openRun(page, "fv-scenario-a", "reference");
  const claims = page.getByRole("region", { name: "Claims" });
  const failed = claims.getByTestId("claims-not-loaded");
  await expect(failed).toContainText("The claims table could not be loaded");
  // The rest of the run view is drawn: the timeline, the outcome, the verdicts.
  await expect(page.getByRole("region", { name: "Verdicts" }).getByTestId("verdicts")).toBeVisible();
  await expect(page.getByTestId("view-failed")).toHaveCount(0);

  serverDown = false;
  await failed.getByRole("button", { name: "Try again" }).click();
  await expect(claims.getByTestId("claims-table")).toBeVisible();
  await expect(failed).toHaveCount(0);

  const chunk = /ClaimsTable-[^/ ]*\.js/;
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !chunk.test(e)));
});
