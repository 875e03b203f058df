"use client";

import { useSyncExternalStore } from "react";
import { THEME_KEY as KEY } from "@/components/site/theme";

type Theme = "system" | "light" | "dark";
const NEXT: Record<Theme, Theme> = { system: "light", light: "dark", dark: "system" };
const LABEL: Record<Theme, string> = { system: "System", light: "Light", dark: "Dark" };

const listeners = new Set<() => void>();
function read(): Theme {
  try {
    const t = localStorage.getItem(KEY);
    return t === "light" || t === "dark" ? t : "system";
  } catch {
    return "system";
  }
}
function apply(theme: Theme) {
  const dark = theme === "dark" || (theme === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
}
function subscribe(cb: () => void) {
  listeners.add(cb);
  const mq = window.matchMedia("(prefers-color-scheme: dark)");
  const onSystem = () => {
    apply(read());
    cb();
  };
  mq.addEventListener("change", onSystem);
  return () => {
    listeners.delete(cb);
    mq.removeEventListener("change", onSystem);
  };
}

/** Cycles the colour theme: System (follows the device), Light, Dark; the choice is kept in this browser. */
export function ThemeToggle() {
  const theme = useSyncExternalStore(subscribe, read, () => "system" as Theme);
  function cycle() {
    const next = NEXT[theme];
    try {
      if (next === "system") localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, next);
    } catch {
      // private mode without storage: the choice lasts until reload
    }
    apply(next);
    for (const l of listeners) l();
  }
  return (
    <button
      type="button"
      onClick={cycle}
      className="inline-flex h-9 items-center gap-1.5 rounded-md border border-white/40 px-2.5 text-sm font-semibold hover:bg-white/10"
      aria-label={`Colour theme: ${LABEL[theme]}. Change theme`}
      title="Colour theme: System, Light or Dark"
    >
      <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
        {theme === "dark" ? (
          <path d="M15.5 12.6A6.5 6.5 0 0 1 7.4 4.5 6.5 6.5 0 1 0 15.5 12.6Z" />
        ) : theme === "light" ? (
          <path d="M10 6a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm0-4 1 2.5H9L10 2Zm0 16-1-2.5h2L10 18ZM2 10l2.5-1v2L2 10Zm16 0-2.5 1V9L18 10Z" />
        ) : (
          <path d="M10 3a7 7 0 1 0 0 14V3Zm0-1a8 8 0 1 1 0 16 8 8 0 0 1 0-16Z" />
        )}
      </svg>
      {LABEL[theme]}
    </button>
  );
}
