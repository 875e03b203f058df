// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LazySampleHand } from "./lazy-sample-hand";

const CARDS = Array.from({ length: 10 }, (_, i) => ({ cardId: `c${i}`, key: `DEMO-${i}`, title: `Card ${i}`, colors: ["blue" as const], rings: i % 5, traits: [], quantity: 4 }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("LazySampleHand", () => {
  it("deals nothing (and loads no engine) until its panel nears the screen or Deal is pressed", async () => {
    const observers: { cb: IntersectionObserverCallback }[] = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(cb: IntersectionObserverCallback) {
          observers.push({ cb });
        }
        observe() {}
        disconnect() {}
      },
    );
    render(<LazySampleHand cards={CARDS} />);
    expect(screen.queryByTestId("sample-hand")).toBeNull();
    expect(observers).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Deal a sample hand" }));
    const hand = await screen.findByTestId("sample-hand");
    expect(hand.querySelector("ul")?.querySelectorAll("li")).toHaveLength(7);
  });

  it("shows the hand once the panel is in view", async () => {
    let seen: IntersectionObserverCallback = () => {};
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(cb: IntersectionObserverCallback) {
          seen = cb;
        }
        observe() {}
        disconnect() {}
      },
    );
    render(<LazySampleHand cards={CARDS} />);
    seen([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(await screen.findByTestId("sample-hand")).toBeTruthy();
  });
});
