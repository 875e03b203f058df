/**
 * The chat of games and the spectator delay (docs/play.md): a spectator's
 * stream never carries the players' room; sending is rate-limited (8 per 20 s)
 * and length-limited with typed codes; a mute hides the muted author's
 * messages from the muter only; a report lands in the admins' queue; and a
 * spectator of a delayed game never gets a view newer than the delay allows.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import { current } from "@/test/session-mock";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/accounts/data/users";
import { legalActionsForView, type Player } from "@/lib/engine";
import type { ChatMessageDTO } from "./chat";
import type { PlayMessage } from "./types";
import { decodeMessage, wireDecoder, type WireMessage } from "./wire";

const h = vi.hoisted(() => ({ prisma: null as unknown as PrismaClient }));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));
vi.mock("@/lib/server/session", async () => (await import("@/test/session-mock")).sessionMock);
process.env.RATE_LIMIT_PREFIX = `test-play-chat-${process.pid}-${Date.now()}`;

const t = createTestDatabase("play-chat");
h.prisma = t.prisma;
afterAll(() => t.cleanup());

const { createGame, joinGame } = await import("@/lib/play/data/games");
const chat = await import("@/lib/play/data/chat");
const { sendChatAction } = await import("./chat-actions");
const stream = await import("@/app/api/play/[code]/stream/route");
const { loadGame, submit } = await import("./referee");
const { messageFor } = await import("./views");
const { makeUser, starterSeatDeck } = await import("./test-fixture");

let a: SessionUser;
let b: SessionUser;
let watcher: SessionUser;
let other: SessionUser;
let admin: SessionUser;
let code: string;

async function newGame(spectatorDelay = 0): Promise<string> {
  const g = await createGame(a, { listing: "open", pace: "live", columnRule: "priority", spectatorDelay }, starterSeatDeck());
  await joinGame(b, { code: g.code }, starterSeatDeck("chaotix-mix"));
  return g.code;
}

beforeAll(async () => {
  [a, b, watcher, other] = [await makeUser(t.prisma, "Ann"), await makeUser(t.prisma, "Ben"), await makeUser(t.prisma, "Wes"), await makeUser(t.prisma, "Ola")];
  admin = { ...(await makeUser(t.prisma, "Ada")), role: "admin" };
  code = await newGame();
});

async function send(user: SessionUser, room: "players" | "spectators", body: string, game = code) {
  current.user = user;
  try {
    return await sendChatAction({ code: game, room, body });
  } finally {
    current.user = null;
  }
}

/** Opens a game stream as `user` (null: a guest); `until(event, ok)` reads events until one matches, keeping all the text read. */
async function open(user: SessionUser | null, game = code) {
  current.user = user;
  const ac = new AbortController();
  const res = await stream.GET(new Request(`http://app.test/api/play/${game}/stream`, { signal: ac.signal, headers: { host: "app.test" } }), { params: Promise.resolve({ code: game }) });
  current.user = null;
  const reader = res.body!.getReader();
  // every view through this connection's decoder, in order, as the browser's (lib/play/wire.ts)
  const wire = wireDecoder();
  let buf = "";
  let all = "";
  return {
    all: () => all,
    async until<T>(event: string, ok: (data: T) => boolean = () => true): Promise<T> {
      for (;;) {
        const m = /event: (\w+)\ndata: (.*)\n\n/.exec(buf);
        if (m) {
          buf = buf.slice(m.index + m[0].length);
          const data = (m[1] === "view" ? decodeMessage(wire, JSON.parse(m[2]) as WireMessage) : JSON.parse(m[2])) as T;
          if (m[1] === event && ok(data)) return data;
          continue;
        }
        const chunk = new TextDecoder().decode((await reader.read()).value);
        buf += chunk;
        all += chunk;
      }
    },
    close: () => ac.abort(),
  };
}

type ChatEvent = { room: string; messages: ChatMessageDTO[] };
const has = (body: string) => (e: ChatEvent) => e.messages.some((m) => m.body === body);

describe("the two chat rooms", () => {
  it("carry the players' chat to the two players only, never to a spectator", async () => {
    const [sa, sb, sw, guest] = [await open(a), await open(b), await open(watcher), await open(null)];
    expect((await send(a, "players", "secret plan for Ben")).ok).toBe(true);
    expect((await send(watcher, "spectators", "nice flip"))).toMatchObject({ ok: true, data: { room: "spectators", authorName: "Wes", mine: true } });
    expect((await sb.until<ChatEvent>("chat", has("secret plan for Ben"))).room).toBe("players");
    await sa.until<ChatEvent>("chat", has("secret plan for Ben"));
    // the players' streams carry the spectators' room too (shown if the player chooses)
    await sb.until<ChatEvent>("chat", has("nice flip"));
    // the spectators got the later spectators' message, and nothing of the players' room before it
    for (const s of [sw, guest]) {
      expect((await s.until<ChatEvent>("chat", has("nice flip"))).room).toBe("spectators");
      expect(s.all()).not.toContain("secret plan");
      expect(s.all()).not.toContain('"room":"players"');
    }
    for (const s of [sa, sb, sw, guest]) s.close();
    // nor can a spectator read it, write in it, or report into it
    await expect(chat.readChat(watcher, code, "players")).rejects.toMatchObject({ code: "chat/not-allowed" });
    await expect(chat.readChat(null, code, "players")).rejects.toMatchObject({ code: "chat/not-allowed" });
    expect(await send(watcher, "players", "let me in")).toMatchObject({ ok: false, code: "chat/not-allowed" });
    const secret = (await chat.readChat(a, code, "players")).find((m) => m.body === "secret plan for Ben")!;
    await expect(chat.reportChatMessage(watcher, secret.id, "spam")).rejects.toMatchObject({ code: "chat/not-found" });
    // players keep to their own room
    expect(await send(a, "spectators", "hi all")).toMatchObject({ ok: false, code: "chat/not-allowed" });
  });

  it("refuses the 9th message within 20 seconds with rate/limited", async () => {
    const results = [];
    for (let i = 1; i <= 9; i++) results.push(await send(other, "spectators", `message ${i}`));
    expect(results.slice(0, 8).every((r) => r.ok)).toBe(true);
    expect(results[8]).toMatchObject({ ok: false, code: "rate/limited" });
    expect((await chat.readChat(null, code, "spectators")).some((m) => m.body === "message 9")).toBe(false);
  });

  it("cleans messages and refuses empty and over-long ones, storing nothing", async () => {
    const before = await t.prisma.playChatMessage.count();
    expect(await send(b, "players", " \n\t ")).toMatchObject({ ok: false, code: "chat/empty" });
    expect(await send(b, "players", "x".repeat(301))).toMatchObject({ ok: false, code: "chat/too-long" });
    expect(await t.prisma.playChatMessage.count()).toBe(before);
    expect(await send(b, "players", "é".repeat(300))).toMatchObject({ ok: true });
    expect(await send(b, "players", "  a\u0000b\u202ec\nd  <b>e</b> ")).toMatchObject({ ok: true, data: { body: "abc d <b>e</b>" } });
  });
});

describe("mute and report", () => {
  it("a mute hides the author's messages from the muter only, until unmuted", async () => {
    const fromA = (await chat.readChat(b, code, "players")).find((m) => m.authorId === a.id)!;
    await expect(chat.setChatMute(a, fromA.id, true)).rejects.toMatchObject({ code: "chat/own" });
    await chat.setChatMute(b, fromA.id, true);
    expect((await chat.readChat(b, code, "players")).some((m) => m.authorId === a.id)).toBe(false);
    expect((await chat.readChat(a, code, "players")).some((m) => m.authorId === a.id)).toBe(true);
    expect((await chat.getChatSettings(b)).muted).toEqual([{ id: a.id, name: "Ann" }]);
    await chat.unmuteChatUser(b, a.id);
    expect((await chat.readChat(b, code, "players")).some((m) => m.authorId === a.id)).toBe(true);
  });

  it("a report lands in the moderation queue, and hiding takes the message out of the room", async () => {
    const msg = (await chat.readChat(watcher, code, "spectators")).find((m) => m.body === "message 1")!;
    await expect(chat.reportChatMessage(other, msg.id, "mine")).rejects.toMatchObject({ code: "chat/own" });
    await chat.reportChatMessage(watcher, msg.id, "flooding the room");
    await expect(chat.reportChatMessage(watcher, msg.id, "again")).rejects.toMatchObject({ code: "chat/already-reported" });
    await expect(chat.listChatReports(watcher)).rejects.toMatchObject({ code: "auth/forbidden" });
    const queue = await chat.listChatReports(admin);
    expect(queue).toMatchObject([{ id: msg.id, body: "message 1", room: "spectators", gameCode: code, authorName: "Ola", reports: [{ reporterName: "Wes", reason: "flooding the room" }] }]);
    expect(await chat.countOpenChatReports(admin)).toBe(1);
    await chat.moderateChatMessage(admin, msg.id, "hide");
    expect(await chat.countOpenChatReports(admin)).toBe(0);
    expect((await chat.readChat(null, code, "spectators")).some((m) => m.id === msg.id)).toBe(false);
  });
});

describe("the spectator delay", () => {
  it("a spectator of a game with a 2-move delay never gets a view newer than two moves ago", async () => {
    const game = await newGame(2);
    const spectator = await open(null, game);
    const seats = [a, b];
    /** The undelayed public message at each seq the game passed through. */
    const history = new Map<number, PlayMessage>();
    const record = async () => {
      const g = (await loadGame(game))!;
      history.set(g.record.seq, messageFor(g.live!, null, 0));
      return g;
    };
    let g = await record();
    let seen = await spectator.until<PlayMessage>("view");
    expect(seen.seq).toBe(0);
    for (let step = 0; step < 24 && g.record.status === "active"; step++) {
      // the first seat to move acts with its first legal action
      const p = ([0, 1] as Player[]).find((x) => (g.record.toMove & (1 << x)) !== 0)!;
      const view = messageFor(g.live!, p, 0);
      const move = legalActionsForView(view.view)[0];
      const { player: _p, ...rest } = move;
      await submit({ userId: seats[p].id }, game, { seq: g.record.seq, move: rest });
      g = await record();
      // a held placement is news only to the undelayed
      if (g.live!.held.some((x) => x !== null)) expect(history.get(g.record.seq)!.placed.some(Boolean)).toBe(true);
      const target = Math.max(0, g.record.seq - 2);
      if (target === seen.seq) continue;
      seen = await spectator.until<PlayMessage>("view", (m) => {
        // never a view newer than the delay allows now (the delay only moves forward)
        expect(m.seq).toBeLessThanOrEqual(target);
        return m.seq === target;
      });
      // no held placement of the present: only the placements of the delayed state itself
      expect(seen.placed).toEqual([seen.view.players[0].placed, seen.view.players[1].placed]);
      expect(seen.deadline).toBeNull();
      const then = history.get(target);
      if (then) expect(seen.view).toEqual(then.view);
      if (then) expect(seen.log).toEqual(then.log);
    }
    expect(g.record.seq).toBeGreaterThan(4);
    // nothing the spectator got was ever newer than the delay allowed at that moment
    const seqs = [...spectator.all().matchAll(/event: view\ndata: \{[^]*?"seq":(\d+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...seqs)).toBeLessThanOrEqual(g.record.seq - 2);
    spectator.close();
  });
});

describe("the account's chat", () => {
  it("is in the export, and a deleted account's messages stay, anonymised", async () => {
    const out = await chat.chatForExport(a.id);
    expect(out.messages.some((m) => m.body === "secret plan for Ben" && m.room === "players" && m.game === code)).toBe(true);
    expect((await chat.chatForExport(watcher.id)).reports).toMatchObject([{ message: "message 1", reason: "flooding the room" }]);
    await t.prisma.$transaction((tx) => chat.anonymiseChatTx(tx, a.id));
    const left = (await chat.readChat(b, code, "players")).filter((m) => m.body === "secret plan for Ben");
    expect(left).toMatchObject([{ authorId: null, authorName: "Deleted player" }]);
    expect((await chat.chatForExport(a.id)).messages).toEqual([]);
  });
});
