import { describe, expect, it } from "vitest";
import { shortCardText } from "./card-text";

describe("shortCardText: the board's short form of a card text", () => {
  it("shortens the trigger words only", () => {
    expect(shortCardText("When flipped: draw 1 card.")).toBe("Flip: draw 1 card.");
    expect(shortCardText("While face up: this card cannot be discarded by copy discards.")).toBe("Face up: this card cannot be discarded by copy discards.");
    expect(shortCardText("While face up in the spare row: this card gets +3 rings in battles.")).toBe("Face up in spare: this card gets +3 rings in battles.");
  });
  it("keeps a text without a known trigger as printed, with its spaces collapsed", () => {
    expect(shortCardText("  Discard 1   card. ")).toBe("Discard 1 card.");
  });
  it("is empty for a vanilla card", () => {
    expect(shortCardText("")).toBe("");
    expect(shortCardText("   ")).toBe("");
  });
});
