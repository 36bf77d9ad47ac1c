// Puts the theme on <html> before the page is first painted, so a dark page never flashes light:
// the one remembered by the workbench (src/ui/theme.ts, same key), else the system's preference. A
// classic script from this origin, not an inline one: the Content-Security-Policy allows no inline script.
(() => {
  let theme = "light";
  try {
    const saved = window.localStorage.getItem("finbound.theme");
    theme = saved === "light" || saved === "dark" ? saved : window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  } catch {
    // Storage turned off: the page opens light.
  }
  document.documentElement.dataset.theme = theme;
})();
