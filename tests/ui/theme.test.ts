import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { rememberTheme, THEME_KEY, themeAtLoad } from "../../src/ui/theme.ts";

// public/theme-boot.js as the page runs it: a classic script, before the app's module loads.
const bootScript = readFileSync(resolve(import.meta.dirname, "../../public/theme-boot.js"), "utf8");
const boot = (): void => new Function(bootScript)() as void;

const prefersDark = (dark: boolean): void => {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: dark && query === "(prefers-color-scheme: dark)" }));
};

afterEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the theme is remembered and on the page before the first paint", () => {
  it("a chosen theme is put back on load, whatever the system prefers", () => {
    prefersDark(false);
    rememberTheme("dark");
    boot();
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(themeAtLoad()).toBe("dark");

    prefersDark(true);
    rememberTheme("light");
    boot();
    expect(themeAtLoad()).toBe("light");
  });

  it("with no choice kept, the system's preference decides", () => {
    prefersDark(true);
    boot();
    expect(themeAtLoad()).toBe("dark");
    prefersDark(false);
    boot();
    expect(themeAtLoad()).toBe("light");
  });

  it("a value that is not a theme is ignored", () => {
    prefersDark(false);
    localStorage.setItem(THEME_KEY, "purple");
    boot();
    expect(themeAtLoad()).toBe("light");
  });

  it("with storage turned off the page opens light, and choosing a theme does not throw", () => {
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    boot();
    expect(themeAtLoad()).toBe("light");
    expect(() => rememberTheme("dark")).not.toThrow();
  });

  it("the app reads light when the boot script did not run", () => {
    expect(themeAtLoad()).toBe("light");
  });
});
