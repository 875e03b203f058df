import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GUEST } from "@/test/actors";
import type { Actor } from "@/lib/server/actor";

const t = await vi.hoisted(async () => (await import("@/test/db")).createTestDatabase("account"));
vi.mock("@/lib/server/db/db", () => ({ db: t.prisma }));
process.env.RATE_LIMIT_PREFIX = `test-account-${process.pid}-${Date.now()}`;

const { changeMyPassword, endAllMySessions, getMyAccount } = await import("@/lib/accounts/data/account");
const account = await import("@/lib/accounts/data/account");
const decks = await import("@/lib/decks/data");
const { seedDemoCatalog } = await import("@/lib/catalog/data/seed");
const { revokeSession } = await import("@/lib/accounts/data/session-tokens");
const { sessionIsCurrent, forgetSessionChecks } = await import("@/lib/accounts/session-check");
const { hashPassword, verifyPassword } = await import("@/lib/accounts/password");

const SECRET = "x".repeat(40);
let uid = "";
let amy: Actor;
let cardId = "";
beforeAll(async () => {
  await seedDemoCatalog(t.prisma);
  cardId = (await t.prisma.card.findFirstOrThrow({ where: { number: 1 } })).id;
  const u = await t.prisma.user.create({ data: { email: "amy@example.test", displayName: "Amy", passwordHash: await hashPassword("correct horse battery") } });
  uid = u.id;
  amy = { id: u.id, email: u.email, displayName: u.displayName, role: "user" };
});
afterAll(() => t.cleanup());

describe("sessions end on the server", () => {
  it("a signed-out token is refused; the account's other sessions go on", async () => {
    expect(await sessionIsCurrent({ uid, sid: "laptop", sv: 0 })).toBe(true);
    expect(await sessionIsCurrent({ uid, sid: "phone", sv: 0 })).toBe(true);
    await revokeSession("laptop");
    forgetSessionChecks();
    expect(await sessionIsCurrent({ uid, sid: "laptop", sv: 0 })).toBe(false);
    expect(await sessionIsCurrent({ uid, sid: "phone", sv: 0 })).toBe(true);
  });

  it("sign out everywhere ends every session, and tokens of a deleted account are refused", async () => {
    await endAllMySessions(amy);
    expect(await sessionIsCurrent({ uid, sid: "phone", sv: 0 })).toBe(false);
    expect(await sessionIsCurrent({ uid, sid: "new-sign-in", sv: 1 })).toBe(true);
    expect(await sessionIsCurrent({ uid: "no-such-user", sid: "x", sv: 0 })).toBe(false);
  });

  it("a password change needs the current password and a strong new one, then ends every session", async () => {
    await expect(changeMyPassword(amy, "not my password", "blue-ring-spin-dash-42")).rejects.toMatchObject({ code: "account/wrong-password" });
    await expect(changeMyPassword(amy, "correct horse battery", "password12")).rejects.toMatchObject({ code: "account/weak-password" });
    expect(await sessionIsCurrent({ uid, sid: "new-sign-in", sv: 1 })).toBe(true);
    await changeMyPassword(amy, "correct horse battery", "blue-ring-spin-dash-42");
    const row = await t.prisma.user.findUniqueOrThrow({ where: { id: uid } });
    expect(await verifyPassword("blue-ring-spin-dash-42", row.passwordHash)).toBe(true);
    expect(row.sessionVersion).toBe(2);
    expect(await sessionIsCurrent({ uid, sid: "new-sign-in", sv: 1 })).toBe(false);
  });

  it("guests have no account to read or change", async () => {
    await expect(getMyAccount(GUEST)).rejects.toMatchObject({ code: "auth/unauthenticated" });
    await expect(endAllMySessions(GUEST)).rejects.toMatchObject({ code: "auth/unauthenticated" });
    await expect(changeMyPassword(GUEST, "a", "b")).rejects.toMatchObject({ code: "auth/unauthenticated" });
  });
});

type U = { id: string; email: string; displayName: string; role: "user" | "admin" };
async function mk(email: string, role: "user" | "admin" = "user"): Promise<U> {
  const u = await t.prisma.user.create({ data: { email, displayName: email.split("@")[0], passwordHash: await hashPassword("correct horse battery"), role } });
  return { id: u.id, email: u.email, displayName: u.displayName, role };
}

describe("export, rename, delete", () => {
  it("exports every piece of the user's data, and nothing of anyone else's", async () => {
    const a = await mk("exporter@test.dev");
    const b = await mk("other@test.dev");
    const theirs = await decks.createDeck(b, { name: "Not mine", description: "", cards: [{ cardId, quantity: 1 }] });
    if (!theirs.ok) throw new Error(theirs.message);
    await t.prisma.collectionEntry.create({ data: { userId: b.id, cardId, quantity: 9 } });
    await t.prisma.labRun.create({ data: { deckId: theirs.id, userId: b.id, deckVersion: 1, query: "q=theirs", seed: 7, agents: "heuristic,heuristic", games: 5, wins: 1, losses: 4, draws: 0, results: "[]" } });
    const d = await decks.createDeck(a, { name: "Mine", description: "notes", cards: [{ cardId, quantity: 2 }] });
    if (!d.ok) throw new Error(d.message);
    await decks.saveDeck(a, { deckId: d.id, expectedVersion: 1, name: "Mine", description: "notes 2", cards: [{ cardId, quantity: 3 }] });
    await t.prisma.collectionEntry.create({ data: { userId: a.id, cardId, quantity: 4 } });
    await t.prisma.labRun.create({ data: { deckId: d.id, userId: a.id, deckVersion: 2, query: "q=mine", seed: 3, agents: "heuristic,random", games: 10, wins: 6, losses: 3, draws: 1, results: '[{"name":"x","games":10}]' } });
    await t.prisma.cardSuggestion.create({ data: { userId: a.id, payload: '{"title":"New"}', reason: "mine" } });
    await t.prisma.cardSuggestion.create({ data: { userId: b.id, payload: "{}", reason: "theirs" } });
    await t.prisma.deckLike.create({ data: { deckId: theirs.id, userId: a.id } });
    const mine = await t.prisma.deckComment.create({ data: { deckId: theirs.id, authorId: a.id, body: "Nice **deck**" } });
    const bs = await t.prisma.deckComment.create({ data: { deckId: theirs.id, authorId: b.id, body: "their comment" } });
    await t.prisma.commentReport.create({ data: { commentId: bs.id, reporterId: a.id, reason: "spam" } });
    await t.prisma.commentReport.create({ data: { commentId: mine.id, reporterId: b.id, reason: "their report" } });
    const x = await account.exportMyData(a);
    expect(x).toMatchObject({ format: "ringbinder-account", version: 1, account: { email: "exporter@test.dev", displayName: "exporter" } });
    expect(x.collection).toEqual([expect.objectContaining({ card: "DEMO-001", quantity: 4 })]);
    expect(x.decks.map((e) => e.name)).toEqual(["Mine"]);
    expect(x.decks[0].versions.map((v) => [v.version, v.description, v.cards])).toEqual([
      [1, "notes", [{ card: "DEMO-001", quantity: 2 }]],
      [2, "notes 2", [{ card: "DEMO-001", quantity: 3 }]],
    ]);
    expect(x.labRuns).toEqual([expect.objectContaining({ deck: "Mine", deckVersion: 2, query: "q=mine", wins: 6, results: [{ name: "x", games: 10 }] })]);
    expect(x.suggestions.map((s) => [s.reason, s.proposed])).toEqual([["mine", { title: "New" }]]);
    expect(x.likes).toEqual([expect.objectContaining({ deck: "Not mine" })]);
    expect(x.comments).toEqual([expect.objectContaining({ deck: "Not mine", body: "Nice **deck**", status: "visible" })]);
    expect(x.reports).toEqual([expect.objectContaining({ reason: "spam", comment: "their comment" })]);
    const text = JSON.stringify(x);
    for (const leak of ["passwordHash", "scrypt", "other@test.dev", "q=theirs", "theirs", "their report", b.id]) expect(text).not.toContain(leak);
  });

  it("exports the collection in full: binders, each lot's copy details, plain copies, and the copies each deck reserves", async () => {
    const a = await mk("collector@test.dev");
    const b = await mk("someone@test.dev");
    const two = (await t.prisma.card.findFirstOrThrow({ where: { number: 2 } })).id;
    await t.prisma.collectionEntry.create({ data: { userId: a.id, cardId, quantity: 5 } });
    await t.prisma.collectionEntry.create({ data: { userId: a.id, cardId: two, quantity: 1 } });
    await t.prisma.collectionEntry.create({ data: { userId: b.id, cardId, quantity: 2 } });
    const trade = await t.prisma.binder.create({ data: { userId: a.id, name: "Trade binder" } });
    await t.prisma.binder.create({ data: { userId: b.id, name: "Their box" } });
    await t.prisma.collectionLot.create({ data: { userId: a.id, cardId, binderId: trade.id, quantity: 2, condition: "LP", language: "Japanese", printing: "Foil", priceCents: 350, purchasedOn: "2025-06-01", note: "from the fair" } });
    await t.prisma.collectionLot.create({ data: { userId: b.id, cardId, quantity: 1, note: "their note" } });
    const d = await decks.createDeck(a, { name: "Reserved", description: "", cards: [{ cardId, quantity: 3 }] });
    if (!d.ok) throw new Error(d.message);
    await t.prisma.deckReservation.create({ data: { deckId: d.id, userId: a.id, cardId, quantity: 3 } });
    const x = await account.exportMyData(a);
    expect(x.binders).toEqual([{ name: "Trade binder", createdAt: expect.any(String) }]);
    expect(x.collection).toEqual([
      expect.objectContaining({
        card: "DEMO-001",
        quantity: 5,
        copies: [
          { binder: null, quantity: 3, condition: "", language: "", printing: "", priceCents: null, purchasedOn: "", note: "" },
          { binder: "Trade binder", quantity: 2, condition: "LP", language: "Japanese", printing: "Foil", priceCents: 350, purchasedOn: "2025-06-01", note: "from the fair" },
        ],
      }),
      expect.objectContaining({ card: "DEMO-002", quantity: 1, copies: [expect.objectContaining({ binder: null, quantity: 1 })] }),
    ]);
    expect(x.deckReservations).toEqual([{ deck: "Reserved", shareSlug: expect.any(String), card: "DEMO-001", title: expect.any(String), quantity: 3 }]);
    const text = JSON.stringify(x);
    for (const leak of ["Their box", "their note", b.id]) expect(text).not.toContain(leak);
  });

  it("renames; deletes an account with all its data in one go after the password is given again; admins are refused", async () => {
    const a = await mk("leaver@test.dev");
    const stay = await mk("stayer@test.dev");
    const kept = await decks.createDeck(stay, { name: "Kept", description: "", cards: [{ cardId, quantity: 1 }] });
    if (!kept.ok) throw new Error(kept.message);
    await t.prisma.collectionEntry.create({ data: { userId: stay.id, cardId, quantity: 1 } });
    const reviewed = await t.prisma.cardSuggestion.create({ data: { userId: stay.id, payload: "{}" } });
    await account.updateDisplayName(a, "Leaver Renamed");
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: a.id } })).displayName).toBe("Leaver Renamed");
    const d = await decks.createDeck(a, { name: "Gone soon", description: "", cards: [{ cardId, quantity: 1 }] });
    if (!d.ok) throw new Error(d.message);
    await t.prisma.collectionEntry.create({ data: { userId: a.id, cardId, quantity: 1 } });
    await t.prisma.cardSuggestion.create({ data: { userId: a.id, payload: "{}" } });
    await t.prisma.cardSuggestion.update({ where: { id: reviewed.id }, data: { reviewedById: a.id, status: "rejected" } });
    await t.prisma.labRun.create({ data: { deckId: d.id, userId: a.id, deckVersion: 1, query: "q", seed: 1, agents: "random,random", games: 1, wins: 1, losses: 0, draws: 0, results: "[]" } });
    await t.prisma.packOpening.create({ data: { userId: a.id, cards: { create: [{ cardId, quantity: 1 }] } } });
    // on someone else's deck: a like, a copy, a visible and a hidden comment, a report; the deck's counters count them
    await t.prisma.deckLike.create({ data: { deckId: kept.id, userId: a.id } });
    await t.prisma.deckCopy.create({ data: { deckId: kept.id, userId: a.id } });
    const said = await t.prisma.deckComment.create({ data: { deckId: kept.id, authorId: a.id, body: "hello" } });
    await t.prisma.deckComment.create({ data: { deckId: kept.id, authorId: a.id, body: "hidden one", status: "hidden" } });
    const staysComment = await t.prisma.deckComment.create({ data: { deckId: kept.id, authorId: stay.id, body: "stays" } });
    await t.prisma.commentReport.create({ data: { commentId: staysComment.id, reporterId: a.id, reason: "rude" } });
    await t.prisma.commentReport.create({ data: { commentId: said.id, reporterId: stay.id, reason: "off-topic" } });
    await t.prisma.deckStats.update({ where: { deckId: kept.id }, data: { likes: 1, copies: 1, comments: 2, views: 7 } });
    await expect(account.deleteMyAccount(a, "wrong password!")).rejects.toMatchObject({ code: "account/wrong-password" });
    expect(await t.prisma.user.count({ where: { id: a.id } })).toBe(1);
    expect(await sessionIsCurrent({ uid: a.id, sid: "s", sv: 0 })).toBe(true);
    await account.deleteMyAccount(a, "correct horse battery");
    forgetSessionChecks();
    const left = await Promise.all([
      t.prisma.user.count({ where: { id: a.id } }),
      t.prisma.deck.count({ where: { ownerId: a.id } }),
      t.prisma.deckVersion.count({ where: { deckId: d.id } }),
      t.prisma.deckCard.count({ where: { deckId: d.id } }),
      t.prisma.collectionEntry.count({ where: { userId: a.id } }),
      t.prisma.cardSuggestion.count({ where: { userId: a.id } }),
      t.prisma.labRun.count({ where: { userId: a.id } }),
      t.prisma.packOpening.count({ where: { userId: a.id } }),
    ]);
    expect(left).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    // the session of the deleted account is refused; the other user's data stays
    expect(await sessionIsCurrent({ uid: a.id, sid: "s", sv: 0 })).toBe(false);
    expect(await t.prisma.deck.count({ where: { id: kept.id } })).toBe(1);
    expect(await t.prisma.collectionEntry.count({ where: { userId: stay.id } })).toBe(1);
    expect(await t.prisma.cardSuggestion.findUniqueOrThrow({ where: { id: reviewed.id } })).toMatchObject({ reviewedById: null, status: "rejected" });
    expect(await t.prisma.deckStats.findUniqueOrThrow({ where: { deckId: kept.id } })).toMatchObject({ likes: 0, copies: 0, comments: 1, views: 7 });
    expect(await t.prisma.deckComment.findMany({ where: { deckId: kept.id }, select: { body: true } })).toEqual([{ body: "stays" }]);
    expect(await t.prisma.commentReport.count({ where: { OR: [{ reporterId: a.id }, { commentId: said.id }] } })).toBe(0);
    expect(await t.prisma.deckLike.count({ where: { userId: a.id } })).toBe(0);
    const admin = await mk("boss@test.dev", "admin");
    await expect(account.deleteMyAccount(admin, "correct horse battery")).rejects.toMatchObject({ code: "account/admin" });
    expect(await t.prisma.user.count({ where: { id: admin.id } })).toBe(1);
  });
});

describe("password reset", () => {
  it("a link sets a new password once and ends every session; unknown emails get no link; a tampered or used link changes nothing", async () => {
    const a = await mk("forgetful@test.dev");
    expect(await account.passwordResetTokenFor("nobody@test.dev", SECRET)).toBeNull();
    const r = await account.passwordResetTokenFor("forgetful@test.dev", SECRET);
    if (!r) throw new Error("no token");
    const older = await account.passwordResetTokenFor("forgetful@test.dev", SECRET);
    expect(await account.checkResetToken(r.token, SECRET)).toEqual({ email: "forgetful@test.dev" });
    await expect(account.resetPassword(r.token + "x", "a brand new passphrase", SECRET)).rejects.toMatchObject({ code: "reset/invalid" });
    await expect(account.resetPassword(r.token, "password12", SECRET)).rejects.toMatchObject({ code: "account/weak-password" });
    await expect(account.resetPassword(r.token, "a brand new passphrase", "y".repeat(40))).rejects.toMatchObject({ code: "reset/invalid" });
    expect(await verifyPassword("correct horse battery", (await t.prisma.user.findUniqueOrThrow({ where: { id: a.id } })).passwordHash)).toBe(true);
    expect(await sessionIsCurrent({ uid: a.id, sid: "old", sv: 0 })).toBe(true);

    expect(await account.resetPassword(r.token, "a brand new passphrase", SECRET)).toBe("forgetful@test.dev");
    const row = await t.prisma.user.findUniqueOrThrow({ where: { id: a.id } });
    expect(await verifyPassword("a brand new passphrase", row.passwordHash)).toBe(true);
    expect(row.sessionVersion).toBe(1);
    expect(await sessionIsCurrent({ uid: a.id, sid: "old", sv: 0 })).toBe(false);
    // used once: this link and every older one are dead
    await expect(account.resetPassword(r.token, "yet another passphrase", SECRET)).rejects.toMatchObject({ code: "reset/invalid" });
    await expect(account.resetPassword(older!.token, "yet another passphrase", SECRET)).rejects.toMatchObject({ code: "reset/invalid" });
    await expect(account.checkResetToken(r.token, SECRET)).rejects.toMatchObject({ code: "reset/invalid" });
    expect(await verifyPassword("a brand new passphrase", (await t.prisma.user.findUniqueOrThrow({ where: { id: a.id } })).passwordHash)).toBe(true);
  });

  it("a link dies with a password change on the account page, and after an hour", async () => {
    const a = await mk("changer@test.dev");
    const r = await account.passwordResetTokenFor("changer@test.dev", SECRET);
    await changeMyPassword(a, "correct horse battery", "blue-ring-spin-dash-42");
    await expect(account.resetPassword(r!.token, "a brand new passphrase", SECRET)).rejects.toMatchObject({ code: "reset/invalid" });
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const fresh = await account.passwordResetTokenFor("changer@test.dev", SECRET);
      vi.setSystemTime(Date.now() + 61 * 60 * 1000);
      await expect(account.resetPassword(fresh!.token, "a brand new passphrase", SECRET)).rejects.toMatchObject({ code: "reset/expired" });
    } finally {
      vi.useRealTimers();
    }
    expect(await verifyPassword("blue-ring-spin-dash-42", (await t.prisma.user.findUniqueOrThrow({ where: { id: a.id } })).passwordHash)).toBe(true);
  });
});
