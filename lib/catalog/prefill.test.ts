import { describe, expect, it } from "vitest";
import { cardPrefillFromParams } from "@/lib/catalog/prefill";

describe("card prefill from URL parameters", () => {
  it("keeps a valid set, number and title", () => {
    expect(cardPrefillFromParams({ set: "demo", number: "070", title: "  Big   the Cat " })).toEqual({
      values: { set: "DEMO", number: 70, title: "Big the Cat" },
      query: "?set=DEMO&number=70&title=Big+the+Cat",
    });
  });

  it("drops malformed values", () => {
    expect(cardPrefillFromParams({ set: "<script>", number: "-1", title: "x".repeat(81) })).toEqual({ values: {}, query: "" });
    expect(cardPrefillFromParams({ set: ["S1", "S2"], number: "1.5" })).toEqual({ values: { set: "S1" }, query: "?set=S1" });
  });
});
