// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { BoardCardDef } from "@/lib/playtest/cards";
import { BoardCard, notAutomated } from "./board-card";

afterEach(cleanup);

const base: BoardCardDef = { title: "Test Card", colors: ["blue"], rings: 4, traits: ["Thing"], effect: null, key: "DEMO-999", rarity: "common", text: "", unofficial: true, effectError: null };

describe("BoardCard", () => {
  it("flags printed text the engine does not automate", () => {
    expect(notAutomated({ ...base, text: "Draw a card." })).toBe(true);
    expect(notAutomated(base)).toBe(false);
    render(<BoardCard card={{ id: 1, card: { ...base, text: "Draw a card." } }} />);
    expect(screen.getByText("Text not automated")).toBeTruthy();
    cleanup();
    render(<BoardCard card={{ id: 1, card: { ...base, effectError: "actions: Too small" } }} />);
    expect(screen.getByText("Text not automated (invalid stored effect)")).toBeTruthy();
  });

  it("marks your own face-down cards and shows current rings and the active color", () => {
    render(<BoardCard card={{ id: 1, card: base }} slot={{ faceUp: true, card: { id: 1, card: base }, color: "blue", rings: 6, protect: 2, mod: 2, setRings: null, downed: false }} />);
    expect(screen.getByText(/current rings 6/)).toBeTruthy();
    expect(screen.getByText(/protected from battle discard/)).toBeTruthy();
    cleanup();
    render(<BoardCard card={{ id: 1, card: base }} faceDownKnown />);
    expect(screen.getByText("face down")).toBeTruthy();
  });
});
