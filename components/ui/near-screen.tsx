"use client";

import { useNearScreen } from "@/components/ui/use-near-screen";

/**
 * Renders `children` once this spot comes within `margin` of the screen, and
 * `placeholder` until then (on the server too): for panels below the fold
 * whose rendering is work nobody may scroll to (the deck editor's statistics).
 */
export function NearScreen({ margin = "300px", placeholder, children }: { margin?: string; placeholder: React.ReactNode; children: React.ReactNode }) {
  const { near, ref } = useNearScreen<HTMLDivElement>(margin);
  return <div ref={ref}>{near ? children : placeholder}</div>;
}
