import "./app/zod-jitless.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { appStore } from "./app/app-store.ts";
import { App } from "./ui/App.tsx";
import "./ui/styles.css";
import { themeAtLoad } from "./ui/theme.ts";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
// Before the first render, so React never paints the other theme over the one already on the page.
appStore.getState().setTheme(themeAtLoad());
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
