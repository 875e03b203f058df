import { describe, expect, it } from "vitest";
import { canAddCopy, checkDeck as checkLines, checkEntries, DECK_RULES_TEXT, MAX_COPIES_PER_TITLE, MIN_DECK_SIZE, ruleCatalog } from "./rules";

type Line = { id: string; key: string; title: string; quantity: number };
const card = (key: string, title: string, quantity: number): Line => ({ id: `id-${key}`, key, title, quantity });
const filler = (n: number) => Array.from({ length: n }, (_, i) => card(`FILL-${String(i + 1).padStart(3, "0")}`, `Filler ${i + 1}`, 1));
/** The rules read a line's key and title from the catalog, by its id: here the catalog is the lines' own cards. */
const checkDeck = (lines: Line[]) => checkLines(lines.map((l) => ({ cardId: l.id, quantity: l.quantity })), ruleCatalog(lines));
const checked = (lines: Line[]) => checkEntries(lines.map((l) => ({ card: l, quantity: l.quantity })));

describe("checkDeck", () => {
  it("uses the game's constants", () => {
    expect(MIN_DECK_SIZE).toBe(30);
    expect(MAX_COPIES_PER_TITLE).toBe(5);
    expect(DECK_RULES_TEXT).toBe("30+ cards, at most 5 per title");
  });

  it("reads a card's key and title from the catalog by its id, and refuses an id the catalog lacks", () => {
    const catalog = ruleCatalog([{ id: "sonic", key: "DEMO-001", title: "Sonic" }, ...filler(29)]);
    const lines = [{ cardId: "sonic", quantity: 1 }, ...filler(29).map((f) => ({ cardId: f.id, quantity: 1 }))];
    expect(checkLines(lines, catalog)).toMatchObject({ legal: true, total: 30 });
    // a made-up id is no card at all, whatever the rest of the list
    const forged = checkLines([...lines, { cardId: "made-up", quantity: 1 }], catalog);
    expect(forged.legal).toBe(false);
    expect(forged.total).toBe(30);
    expect(forged.problems).toEqual([{ code: "deck/unknown-card", subject: "made-up", message: "No card with id “made-up” in the catalog." }]);
    // the same printing on two lines is one card: the title limit counts them together
    const twice = checkLines([{ cardId: "sonic", quantity: 3 }, { cardId: "sonic", quantity: 3 }, ...lines.slice(1)], catalog);
    expect(twice.problems.map((p) => p.message)).toEqual(["Sonic: 6 copies of DEMO-001, at most 5."]);
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
    expect(canAddCopy(checked([card("DEMO-001", "Sonic", 4)]), { title: "Sonic" }).ok).toBe(true);
    expect(canAddCopy(checked([card("DEMO-001", "Sonic", 4)]), { title: "Tails" }).ok).toBe(true);
    const r = canAddCopy(checked([card("DEMO-001", "Sonic", 3), card("DEMO-053", "Sonic", 2)]), { title: "sonic" });
    expect(r).toEqual({ ok: false, message: "sonic: already 5 copies, at most 5 per title (printings with the same title count together)." });
  });
});
