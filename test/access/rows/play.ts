/**
 * Access-matrix rows for online play: games, the referee's log, and the game stream and action routes
 * (read by lib/server/access-matrix.test.ts; docs/architecture.md "The access matrix").
 */
import { expect } from "vitest";
import * as playGames from "@/lib/play/data/games";
import * as playNotifications from "@/lib/play/data/notifications";
import * as playChat from "@/lib/play/data/chat";
import * as playDelay from "@/lib/play/data/delay";
import * as playReplays from "@/lib/play/data/replays";
import { starterSeatDeck } from "@/lib/play/test-fixture";
import { ADMIN, PUBLIC, SIGNED_IN, OWNER_ONLY, db, fixture, type Rows } from "@/test/access/harness";

/** The two players of the game (the owner and the admin); a guest must sign in, a spectator is refused. */
const PLAYERS = { guest: "unauthenticated", other: "denied", owner: "ok", admin: "ok" } as const;
/** On a message the admin wrote in the players' room: its other player may act on it; the spectator cannot see it, the author may not act on their own. */
const OPPONENT_OF_ADMIN = { guest: "unauthenticated", other: "denied", owner: "ok", admin: "denied" } as const;

/** Every exported function of this feature's data access (key: file under lib/, then #name). */
export const data: Rows = {
  // games between two players: the owner hosts, the admin sits in seat 1 of an active game; codes and tokens are capabilities
  "play/data/games.ts#createGame": { access: "checked", call: (actor) => playGames.createGame(actor, { listing: "invite", pace: "live", columnRule: "priority" }, starterSeatDeck()), expect: SIGNED_IN },
  "play/data/games.ts#joinGame": { access: "checked", prepare: () => waitingGame().then((g) => g.token), call: (actor, _f, token) => playGames.joinGame(actor, { token }, starterSeatDeck()), expect: SIGNED_IN },
  "play/data/games.ts#cancelGame": { access: "checked", prepare: () => waitingGame().then((g) => g.code), call: (actor, _f, code) => playGames.cancelGame(actor, code), expect: OWNER_ONLY },
  "play/data/games.ts#rematchGame": { access: "checked", prepare: () => activeGame("finished"), call: (actor, _f, code) => playGames.rematchGame(actor, code), expect: { guest: "unauthenticated", other: "denied", owner: "ok", admin: "ok" } },
  "play/data/games.ts#listLobby": { access: "checked", call: (actor) => playGames.listLobby(actor), expect: PUBLIC, verify: (_who, r) => expect(JSON.stringify(r)).not.toMatch(/inviteToken|"seed"/) },
  "play/data/games.ts#listMyGames": {
    access: "checked",
    prepare: () => waitingGame().then((g) => g.code),
    call: (actor) => playGames.listMyGames(actor),
    expect: SIGNED_IN,
    verify: (_who, r) => {
      // only the caller's own games, and nothing secret of them
      expect((r as { mySeat: number | null }[]).every((g) => g.mySeat !== null)).toBe(true);
      expect(JSON.stringify(r)).not.toMatch(/inviteToken|"seed"/);
    },
  },
  "play/data/games.ts#getGamePage": {
    access: "checked",
    prepare: () => waitingGame().then((g) => g.code),
    call: (actor, _f, code) => playGames.getGamePage(actor, code),
    expect: PUBLIC,
    verify: (who, r) => expect((r as { inviteToken: string | null }).inviteToken === null).toBe(who !== "owner"),
  },
  "play/data/games.ts#getInvite": { access: "checked", prepare: () => waitingGame().then((g) => g.token), call: (actor, _f, token) => playGames.getInvite(token), expect: PUBLIC },
  "play/data/games.ts#loadGameRecord": { access: "internal", why: "the referee's read of a game (seed included), which it never sends on; the correspondence notifier's, after the referee accepted a move", importers: ["lib/play/correspondence.ts", "lib/play/referee.ts"] },
  "play/data/notifications.ts#getTurnMailPreference": { access: "checked", call: (actor) => playNotifications.getTurnMailPreference(actor), expect: SIGNED_IN },
  "play/data/notifications.ts#setTurnMailPreference": { access: "checked", call: (actor) => playNotifications.setTurnMailPreference(actor, true), expect: SIGNED_IN },
  "play/data/notifications.ts#turnMailRecipients": { access: "internal", why: "the correspondence notifier's read of whom to mail after the referee accepted a move", importers: ["lib/play/correspondence.ts"] },
  "play/data/away.ts#getAway": { access: "internal", why: "the presence module's read of who is away from a game (no secret in it)", importers: ["lib/play/presence.ts"] },
  "play/data/away.ts#markAway": { access: "internal", why: "the presence module records a seat with no open stream as away", importers: ["lib/play/presence.ts"] },
  "play/data/away.ts#clearAway": { access: "internal", why: "the presence module records a seat's return when its stream opens", importers: ["lib/play/presence.ts"] },
  "play/data/log.ts#loadActions": { access: "internal", why: "the referee replays a game's log; the spectator delay replays it up to the delayed seq", importers: ["lib/play/referee.ts", "lib/play/delay.ts"] },
  "play/data/log.ts#appendActions": { access: "internal", why: "the referee appends an action it checked (seat, seq, engine)", importers: ["lib/play/referee.ts"] },
  "play/data/log.ts#holdPlacement": { access: "internal", why: "the referee holds a placement it checked until the other is in", importers: ["lib/play/referee.ts"] },
  "play/data/games.ts#createMatchedGameTx": { access: "internal", why: "the ladder's pairing transaction seats two players the queue paired, and an online event's round pairing seats two entrants (each with their own checked deck)", importers: ["lib/events/data/rounds.ts", "lib/ladder/data/queue.ts"] },
  "play/data/games.ts#anonymiseSeatsTx": { access: "internal", why: "anonymises the deleted account's seats inside deleteMyAccount's transaction (the session user's own)", importers: ["lib/accounts/data/account.ts"] },
  "play/data/games.ts#gamesForExport": { access: "internal", why: "the session user's own games for exportMyData, which checked the session", importers: ["lib/accounts/data/account.ts"] },
  // game chat: the owner (seat 0) and the admin (seat 1) play; "other" is a spectator of the game
  "play/data/chat.ts#postChatMessage": { access: "checked", prepare: () => activeGame(), call: (actor, _f, code) => playChat.postChatMessage(actor, code, "players", "Good luck"), expect: PLAYERS },
  "play/data/chat.ts#readChat": {
    access: "checked",
    prepare: () => chatMessage("players").then((m) => m.code),
    call: (actor, _f, code) => playChat.readChat(actor, code, "players"),
    expect: { guest: "denied", other: "denied", owner: "ok", admin: "ok" },
  },
  "play/data/chat.ts#setChatMute": { access: "checked", prepare: () => chatMessage("players").then((m) => m.id), call: (actor, _f, id) => playChat.setChatMute(actor, Number(id), true), expect: OPPONENT_OF_ADMIN },
  "play/data/chat.ts#unmuteChatUser": { access: "checked", call: (actor, f) => playChat.unmuteChatUser(actor, f.users.admin.id), expect: SIGNED_IN },
  "play/data/chat.ts#getChatSettings": { access: "checked", call: (actor) => playChat.getChatSettings(actor), expect: SIGNED_IN },
  "play/data/chat.ts#setShowSpectatorChat": { access: "checked", call: (actor) => playChat.setShowSpectatorChat(actor, true), expect: SIGNED_IN },
  "play/data/chat.ts#reportChatMessage": { access: "checked", prepare: () => chatMessage("players").then((m) => m.id), call: (actor, _f, id) => playChat.reportChatMessage(actor, Number(id), "rude"), expect: OPPONENT_OF_ADMIN },
  "play/data/chat.ts#listChatReports": { access: "checked", call: (actor) => playChat.listChatReports(actor), expect: ADMIN },
  "play/data/chat.ts#countOpenChatReports": { access: "checked", call: (actor) => playChat.countOpenChatReports(actor), expect: ADMIN },
  "play/data/chat.ts#moderateChatMessage": { access: "checked", prepare: () => chatMessage("spectators").then((m) => m.id), call: (actor, _f, id) => playChat.moderateChatMessage(actor, Number(id), "hide"), expect: ADMIN },
  "play/data/chat.ts#anonymiseChatTx": { access: "internal", why: "anonymises the deleted account's chat inside deleteMyAccount's transaction (the session user's own)", importers: ["lib/accounts/data/account.ts"] },
  "play/data/chat.ts#chatForExport": { access: "internal", why: "the session user's own chat for exportMyData, which checked the session", importers: ["lib/accounts/data/account.ts"] },
  "play/data/delay.ts#spectatorDelayOf": { access: "checked", prepare: () => activeGame(), call: (_actor, _f, code) => playDelay.spectatorDelayOf(code), expect: PUBLIC },
  // replays: a finished invite game between the owner (seat 0) and the admin (seat 1) is theirs to replay; "other" and a guest get not-found
  "play/data/replays.ts#getReplay": {
    access: "checked",
    prepare: () => finishedWithReplay("invite"),
    call: (actor, _f, code) => playReplays.getReplay(actor, code),
    expect: { guest: "denied", other: "denied", owner: "ok", admin: "ok" },
    verify: (who, r) => expect((r as { mySeat: number | null }).mySeat).toBe(who === "owner" ? 0 : 1),
  },
  "play/data/replays.ts#newReplayCode": { access: "pure", why: "draws a random code; writes nothing" },
  "play/data/replays.ts#createReplayTx": { access: "internal", why: "the replay link of a game, written in the transaction that ends it", importers: ["lib/play/data/log.ts"] },
  "play/data/records.ts#toGameRecord": { access: "pure", why: "maps a row the caller already read" },
  "play/data/records.ts#toGameSummary": { access: "pure", why: "maps a record the caller already read" },
  "play/data/records.ts#plainGameRow": { access: "pure", why: "maps rows the caller already read in plain SQL" },
  "play/data/records.ts#deckCardsOf": { access: "pure", why: "parses a seat's deck the caller already read, sharing each card definition between games" },
};

/** This feature's route handlers under app/api (key: route file under app/api, then #method). */
export const routes: Rows = {
  // a player's stream carries their seat's view; anyone else with the game link gets the public view
  "play/[code]/stream/route.ts#GET": {
    access: "checked",
    prepare: () => activeGame(),
    call: (actor, _f, code) => firstStreamEvent(code),
    expect: PUBLIC,
    verify: (who, r) => expect((r as { event: { seat: number | null } }).event.seat).toBe(who === "owner" ? 0 : who === "admin" ? 1 : null),
  },
  "play/[code]/action/route.ts#POST": {
    access: "checked",
    prepare: () => activeGame(),
    call: async (actor, _f, code) =>
      (await import("@/app/api/play/[code]/action/route")).POST(
        new Request(`http://app.test/api/play/${code}/action`, { method: "POST", headers: { origin: "http://app.test", host: "app.test", "content-type": "application/json" }, body: JSON.stringify({ seq: 0, move: { type: "concede" } }) }),
        { params: Promise.resolve({ code }) },
      ),
    expect: { guest: "unauthenticated", other: "forbidden", owner: "ok", admin: "ok" },
  },
};

/** A message by the admin (seat 1) in a room of a fresh active game: its id and the game's code. */
async function chatMessage(room: "players" | "spectators"): Promise<{ id: string; code: string }> {
  const code = await activeGame();
  const game = await db().playGame.findUniqueOrThrow({ where: { code } });
  const m = await db().playChatMessage.create({ data: { gameId: game.id, room, authorId: fixture().users.admin.id, authorName: "Admin", body: "hello" } });
  return { id: String(m.id), code };
}

/** A game the owner hosts, waiting for a second player. */
async function waitingGame(): Promise<{ code: string; token: string }> {
  const { code } = await playGames.createGame(fixture().users.owner, { listing: "invite", pace: "live", columnRule: "priority" }, starterSeatDeck());
  return { code, token: (await db().playGame.findUniqueOrThrow({ where: { code } })).inviteToken };
}

/** A game between the owner (seat 0) and the admin (seat 1), under way or finished; its code. */
async function activeGame(status: "active" | "finished" = "active"): Promise<string> {
  const { code, token } = await waitingGame();
  await playGames.joinGame(fixture().users.admin, { token }, starterSeatDeck("eggman-empire"));
  if (status === "finished") await db().playGame.update({ where: { code }, data: { status: "finished", result: "0", endReason: "concede" } });
  return code;
}

/** A finished game between the owner and the admin with its replay link (as the referee's end writes it); the link's code. */
async function finishedWithReplay(listing: "invite" | "open"): Promise<string> {
  const code = await activeGame("finished");
  const game = await db().playGame.update({ where: { code }, data: { listing } });
  const replay = await db().playReplay.create({ data: { gameId: game.id, code: `r${game.id.slice(-11)}` } });
  return replay.code;
}

/** The first event of a game stream, after which the stream is closed. */
async function firstStreamEvent(code: string): Promise<unknown> {
  const ac = new AbortController();
  const r = await (await import("@/app/api/play/[code]/stream/route")).GET(new Request(`http://app.test/api/play/${code}/stream`, { signal: ac.signal, headers: { host: "app.test" } }), { params: Promise.resolve({ code }) });
  if (r.status !== 200) return r;
  const reader = r.body!.getReader();
  let text = "";
  while (!/event: (view|waiting)\ndata: .*\n\n/.test(text)) text += new TextDecoder().decode((await reader.read()).value);
  ac.abort();
  await reader.cancel();
  // the first view or waiting event (chat events may come before it)
  return { event: JSON.parse(/event: (?:view|waiting)\ndata: (.*)\n\n/.exec(text)![1]) };
}
