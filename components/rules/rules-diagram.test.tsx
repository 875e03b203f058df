// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { RulesDiagram } from "./rules-diagram";

afterEach(cleanup);

describe("RulesDiagram", () => {
  it.each(["field", "play", "column-rule", "battle", "recharge"])("draws %s as a captioned picture with a text alternative", (name) => {
    const { container } = render(<RulesDiagram name={name} fallback="(text version)" />);
    const picture = screen.getByRole("img");
    expect(picture.getAttribute("aria-label")!.length).toBeGreaterThan(20);
    expect(container.querySelector("figcaption")!.textContent!.length).toBeGreaterThan(20);
    expect(container.textContent).not.toContain("(text version)");
  });

  it("marks the battle's discarded and surviving cards, and the column rule's columns", () => {
    const battle = render(<RulesDiagram name="battle" fallback="" />);
    expect(screen.getByText("out")).toBeTruthy();
    expect(screen.getByText("stays")).toBeTruthy();
    battle.unmount();
    render(<RulesDiagram name="column-rule" fallback="" />);
    const highlighted = Array.from(document.querySelectorAll(".text-amber-800")).map((e) => e.textContent);
    expect(highlighted).toEqual(["2", "5"]);
  });

  it("shows the text version of a diagram it does not know", () => {
    render(<RulesDiagram name="nope" fallback={"A | B\nC | D"} />);
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByText(/A \| B/).textContent).toBe("A | B\nC | D");
  });
});
