import { useEffect } from "react";
import { useStore } from "../app/app-store.ts";
import type { Theme } from "../state/workspace/workspace-slice.ts";

/** Where the chosen theme is kept; public/theme-boot.js reads the same key before the first paint. */
export const THEME_KEY = "finbound.theme";

/** The theme public/theme-boot.js put on <html> (light if it did not run), for the store's first render. */
export const themeAtLoad = (): Theme => (document.documentElement.dataset.theme === "dark" ? "dark" : "light");

/** Remembers a theme the analyst chose; an unchosen one keeps following the system's preference. */
export function rememberTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage turned off: the choice lasts as long as the page.
  }
}

/** Keeps <html data-theme> on the store's theme (public/theme-boot.js set the first one, before the first paint). */
export function useTheme(): void {
  const theme = useStore((s) => s.theme);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
}
