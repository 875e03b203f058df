import { describe, expect, it } from "vitest";
import { canAddCopy, checkDeck, MAX_COPIES_PER_TITLE, MIN_DECK_SIZE } from "./rules";

const card = (key: string, title: string, quantity: number) => ({ cardId: key, key, title, quantity });
const filler = (n: number) => Array.from({ length: n }, (_, i) => card(`FILL-${String(i + 1).padStart(3, "0")}`, `Filler ${i + 1}`, 1));

describe("checkDeck", () => {
  it("uses the game's constants", () => {
    expect(MIN_DECK_SIZE).toBe(30);
    expect(MAX_COPIES_PER_TITLE).toBe(5);
  });

  it("an empty deck is not legal and says why", () => {
    const r = checkDeck([]);
    expect(r.legal).toBe(false);
    expect(r.total).toBe(0);
    expect(r.problems).toEqual([{ code: "deck/too-few", message: "0 cards: at least 30 needed." }]);
    expect(r.summary).toBe("0 cards: at least 30 needed.");
  });

  it("exactly 30 cards is legal, 29 is not", () => {
    expect(checkDeck(filler(30))).toMatchObject({ legal: true, total: 30, problems: [], summary: "30 cards: OK." });
    const r = checkDeck(filler(29));
    expect(r.legal).toBe(false);
    expect(r.problems.map((p) => p.code)).toEqual(["deck/too-few"]);
    expect(r.summary).toBe("29 cards: at least 30 needed.");
  });

  it("exactly 5 copies of a title is legal, 6 is rejected", () => {
    expect(checkDeck([card("DEMO-001", "Sonic", 5), ...filler(25)]).legal).toBe(true);
    const r = checkDeck([card("DEMO-001", "Sonic", 6), ...filler(25)]);
    expect(r.legal).toBe(false);
    expect(r.problems).toEqual([{ code: "deck/title-limit", subject: "sonic", message: "Sonic: 6 copies of DEMO-001, at most 5." }]);
  });

  it("counts copies per title across printings", () => {
    const r = checkDeck([card("DEMO-001", "Sonic", 3), card("DEMO-044", "Sonic", 3), ...filler(25)]);
    expect(r.legal).toBe(false);
    expect(r.summary).toBe("31 cards: OK. Sonic: 6 copies across DEMO-001 and DEMO-044, at most 5.");
    expect(r.copiesByTitle.sonic).toBe(6);
    expect(checkDeck([card("DEMO-001", "Sonic", 3), card("DEMO-044", "Sonic", 2), ...filler(25)]).legal).toBe(true);
  });

  it("matches titles case- and space-insensitively", () => {
    const r = checkDeck([card("A-001", "Egg Pawn", 3), card("A-002", "egg  pawn ", 3), card("A-003", "EGG PAWN", 1), ...filler(30)]);
    expect(r.problems[0].message).toBe("Egg Pawn: 7 copies across A-001, A-002 and A-003, at most 5.");
  });

  it("reports too few and title problems together", () => {
    const r = checkDeck([card("DEMO-001", "Sonic", 6)]);
    expect(r.problems.map((p) => p.code)).toEqual(["deck/too-few", "deck/title-limit"]);
    expect(r.summary).toBe("6 cards: at least 30 needed. Sonic: 6 copies of DEMO-001, at most 5.");
  });

  it("rejects bad quantities", () => {
    for (const q of [0, -1, 1.5, Number.NaN, 100]) {
      const r = checkDeck([card("DEMO-001", "Sonic", q), ...filler(30)]);
      expect(r.legal).toBe(false);
      expect(r.problems.map((p) => p.code)).toContain("deck/bad-quantity");
    }
  });
});

describe("canAddCopy", () => {
  it("allows up to the fifth copy of a title and refuses the sixth, across printings", () => {
    expect(canAddCopy([card("DEMO-001", "Sonic", 4)], "Sonic").ok).toBe(true);
    const r = canAddCopy([card("DEMO-001", "Sonic", 3), card("DEMO-053", "Sonic", 2)], "sonic");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain("at most 5 per title");
  });
});
