import "server-only";
import { db } from "@/lib/server/db/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { plainDate, plainQuery } from "@/lib/server/db/plain-sql";
import { requireActor, requireAdminActor, type Actor } from "@/lib/server/actor";
import { DomainError } from "@/lib/server/errors";
import { CHAT_MAX, CHAT_TAIL, chatLength, cleanChat, type ChatMessageDTO, type ChatRoom, type ChatSettingsDTO } from "@/lib/play/chat";

/**
 * The chat of games (docs/play.md "Chat"). Who may read a room: the players'
 * room the two seated accounts only; the spectators' room anyone with the game
 * link (the code is the capability). Who may write: the players' room its two
 * players; the spectators' room signed-in users who do not sit at the game.
 * A reader never gets the messages of an author they muted, nor hidden ones.
 */

type MessageRow = { id: number; room: string; authorId: string | null; authorName: string; body: string; createdAt: Date };

function toDTO(r: MessageRow, viewerId: string | null): ChatMessageDTO {
  return { id: r.id, room: r.room as ChatRoom, authorId: r.authorId, authorName: r.authorName, body: r.body, at: r.createdAt.toISOString(), mine: viewerId !== null && r.authorId === viewerId };
}

const notFound = () => new DomainError("chat/not-found", "There is no such message.");

/** A game's id and seated accounts by its code (a cancelled or unknown game is not found). */
async function gameByCode(code: string): Promise<{ id: string; seats: (string | null)[] }> {
  const g = await db.playGame.findUnique({ where: { code }, select: { id: true, status: true, seats: { select: { userId: true } } } });
  if (!g || g.status === "cancelled") throw new DomainError("play/not-found", "There is no such game.");
  return { id: g.id, seats: g.seats.map((s) => s.userId) };
}

/** Refuses a reader who may not read the room: the players' room is the seated players' alone. */
function assertCanRead(actor: Actor | null, seats: (string | null)[], room: ChatRoom): void {
  if (room === "players" && (!actor || !seats.includes(actor.id))) throw new DomainError("chat/not-allowed", "Only the two players can read the players' chat.");
}

/**
 * Posts a message to a room of a game as the signed-in user: cleaned
 * (control characters out, trimmed), 1 to 300 characters. The players' room
 * takes its two players only; the spectators' room takes anyone signed in who
 * does not sit at the game (the players have their own room).
 */
export async function postChatMessage(actor: Actor, code: string, room: ChatRoom, raw: string): Promise<{ gameId: string; message: ChatMessageDTO }> {
  const user = requireActor(actor);
  const body = cleanChat(raw);
  if (body === "") throw new DomainError("chat/empty", "Write something first.");
  if (chatLength(body) > CHAT_MAX) throw new DomainError("chat/too-long", `A chat message has at most ${CHAT_MAX} characters.`);
  const g = await gameByCode(code);
  const seated = g.seats.includes(user.id);
  if (room === "players" && !seated) throw new DomainError("chat/not-allowed", "Only the two players can write in the players' chat.");
  if (room === "spectators" && seated) throw new DomainError("chat/not-allowed", "Players write in the players' chat; the spectators' chat is for the spectators.");
  const row = await db.playChatMessage.create({ data: { gameId: g.id, room, authorId: user.id, authorName: user.displayName, body } });
  return { gameId: g.id, message: toDTO(row, user.id) };
}

/**
 * The latest messages of a room of a game, oldest first, as `actor` may read
 * them (null: a guest): the players' room only for its players; never a
 * hidden message, nor one by an author the reader muted.
 */
export async function readChat(actor: Actor | null, code: string, room: ChatRoom): Promise<ChatMessageDTO[]> {
  // plain SQL (lib/server/db/plain-sql.ts): every stream reads its rooms when it opens and again on every chat notice
  const seats = await plainQuery<{ id: string; status: string; userId: string | null }>(
    Prisma.sql`SELECT g."id", g."status", s."userId" FROM "PlayGame" g LEFT JOIN "PlaySeat" s ON s."gameId" = g."id" WHERE g."code" = ${code}`,
  );
  if (seats.length === 0 || seats[0].status === "cancelled") throw new DomainError("play/not-found", "There is no such game.");
  const gameId = seats[0].id;
  assertCanRead(
    actor,
    seats.filter((s) => s.userId !== null).map((s) => s.userId),
    room,
  );
  // the reader's muted authors are left out (a message whose author was deleted has none, and stays)
  const rows = await plainQuery<{ id: unknown; room: string; authorId: string | null; authorName: string; body: string; createdAt: unknown }>(Prisma.sql`
    SELECT m."id", m."room", m."authorId", m."authorName", m."body", m."createdAt" FROM "PlayChatMessage" m
    WHERE m."gameId" = ${gameId} AND m."room" = ${room} AND m."status" = 'visible'
      AND (m."authorId" IS NULL OR NOT EXISTS (SELECT 1 FROM "PlayChatMute" u WHERE u."userId" = ${actor?.id ?? ""} AND u."mutedId" = m."authorId"))
    ORDER BY m."id" DESC LIMIT ${CHAT_TAIL}`);
  return rows.reverse().map((r) => toDTO({ ...r, id: Number(r.id), createdAt: plainDate(r.createdAt) }, actor?.id ?? null));
}

/** A message the actor may read (else not found, so a message id reveals nothing of a room one cannot read). */
async function readableMessage(actor: Actor, messageId: number) {
  const m = await db.playChatMessage.findUnique({ where: { id: messageId } });
  if (!m || m.status !== "visible") throw notFound();
  const seats = (await db.playSeat.findMany({ where: { gameId: m.gameId }, select: { userId: true } })).map((s) => s.userId);
  try {
    assertCanRead(actor, seats, m.room as ChatRoom);
  } catch {
    throw notFound();
  }
  return m;
}

/** Mutes (or unmutes) the author of a message the user can read: their messages are no longer sent to the user. */
export async function setChatMute(actor: Actor, messageId: number, mute: boolean): Promise<{ authorId: string }> {
  const user = requireActor(actor);
  const m = await readableMessage(user, messageId);
  if (!m.authorId) throw notFound();
  if (m.authorId === user.id) throw new DomainError("chat/own", "You cannot mute yourself.");
  const key = { userId_mutedId: { userId: user.id, mutedId: m.authorId } };
  if (mute) await db.playChatMute.upsert({ where: key, create: { userId: user.id, mutedId: m.authorId }, update: {} });
  else await db.playChatMute.deleteMany({ where: { userId: user.id, mutedId: m.authorId } });
  return { authorId: m.authorId };
}

/** Unmutes a user by id (the settings list of muted users). */
export async function unmuteChatUser(actor: Actor, mutedId: string): Promise<void> {
  const user = requireActor(actor);
  await db.playChatMute.deleteMany({ where: { userId: user.id, mutedId } });
}

/** The signed-in user's chat settings: whether they show the spectators' room in their games, and whom they muted. */
export async function getChatSettings(actor: Actor): Promise<ChatSettingsDTO> {
  const user = requireActor(actor);
  const [pref, mutes] = await Promise.all([db.playChatPref.findUnique({ where: { userId: user.id } }), db.playChatMute.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } })]);
  const names = await db.user.findMany({ where: { id: { in: mutes.map((m) => m.mutedId) } }, select: { id: true, displayName: true } });
  const nameOf = new Map(names.map((n) => [n.id, n.displayName]));
  return { showSpectators: pref?.showSpectators ?? false, muted: mutes.flatMap((m) => (nameOf.has(m.mutedId) ? [{ id: m.mutedId, name: nameOf.get(m.mutedId)! }] : [])) };
}

/** Whether the signed-in user, as a player, shows the spectators' chat beside the players' one. */
export async function setShowSpectatorChat(actor: Actor, show: boolean): Promise<void> {
  const user = requireActor(actor);
  await db.playChatPref.upsert({ where: { userId: user.id }, create: { userId: user.id, showSpectators: show }, update: { showSpectators: show } });
}

/** Reports a message the user can read (not their own) for the admins' queue; one open report per person and message. */
export async function reportChatMessage(actor: Actor, messageId: number, reason: string): Promise<void> {
  const user = requireActor(actor);
  const m = await readableMessage(user, messageId);
  if (m.authorId === user.id) throw new DomainError("chat/own", "You cannot report your own message.");
  const where = { messageId_reporterId: { messageId, reporterId: user.id } };
  const existing = await db.playChatReport.findUnique({ where });
  if (existing?.status === "open") throw new DomainError("chat/already-reported", "You have already reported this message; an admin will review it.");
  await db.playChatReport.upsert({ where, create: { messageId, reporterId: user.id, reason }, update: { reason, status: "open", createdAt: new Date(), resolvedAt: null, resolvedById: null } });
}

/** A reported chat message in the admins' moderation queue. */
export interface ChatModerationItemDTO {
  id: number;
  body: string;
  room: ChatRoom;
  gameCode: string | null;
  authorName: string;
  createdAt: string;
  hidden: boolean;
  reports: { reporterName: string; reason: string; createdAt: string }[];
}

/** The admins' queue of chat messages with open reports, newest first. */
export async function listChatReports(actor: Actor): Promise<ChatModerationItemDTO[]> {
  requireAdminActor(actor);
  const rows = await db.playChatMessage.findMany({ where: { reports: { some: { status: "open" } } }, include: { reports: { where: { status: "open" }, orderBy: { createdAt: "asc" } } }, orderBy: { id: "desc" }, take: 200 });
  const reporters = await db.user.findMany({ where: { id: { in: rows.flatMap((r) => r.reports.map((p) => p.reporterId)) } }, select: { id: true, displayName: true } });
  const games = await db.playGame.findMany({ where: { id: { in: rows.map((r) => r.gameId) } }, select: { id: true, code: true } });
  const nameOf = new Map(reporters.map((u) => [u.id, u.displayName]));
  const codeOf = new Map(games.map((g) => [g.id, g.code]));
  return rows.map((r) => ({
    id: r.id,
    body: r.body,
    room: r.room as ChatRoom,
    gameCode: codeOf.get(r.gameId) ?? null,
    authorName: r.authorName,
    createdAt: r.createdAt.toISOString(),
    hidden: r.status === "hidden",
    reports: r.reports.map((p) => ({ reporterName: nameOf.get(p.reporterId) ?? "Deleted account", reason: p.reason, createdAt: p.createdAt.toISOString() })),
  }));
}

/** How many chat messages wait for an admin (open reports). */
export async function countOpenChatReports(actor: Actor): Promise<number> {
  requireAdminActor(actor);
  return db.playChatMessage.count({ where: { reports: { some: { status: "open" } } } });
}

/** An admin hides a reported message (no one gets it any more) or keeps it; either closes its open reports. Returns its game's id. */
export async function moderateChatMessage(actor: Actor, messageId: number, action: "hide" | "keep"): Promise<{ gameId: string; room: ChatRoom }> {
  const admin = requireAdminActor(actor);
  const m = await db.playChatMessage.findUnique({ where: { id: messageId } });
  if (!m) throw notFound();
  await db.$transaction([
    ...(action === "hide" ? [db.playChatMessage.update({ where: { id: messageId }, data: { status: "hidden" } })] : []),
    db.playChatReport.updateMany({ where: { messageId, status: "open" }, data: { status: "resolved", resolvedAt: new Date(), resolvedById: admin.id } }),
  ]);
  return { gameId: m.gameId, room: m.room as ChatRoom };
}

/**
 * Inside deleteMyAccount's transaction: the account's messages stay in their
 * games, anonymised ("Deleted player", no author id); its mutes, its settings and
 * the reports it made go; mutes of it go too (nothing left to mute).
 */
export async function anonymiseChatTx(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  await tx.playChatMessage.updateMany({ where: { authorId: userId }, data: { authorId: null, authorName: "Deleted player" } });
  await tx.playChatMute.deleteMany({ where: { OR: [{ userId }, { mutedId: userId }] } });
  await tx.playChatPref.deleteMany({ where: { userId } });
  await tx.playChatReport.deleteMany({ where: { reporterId: userId } });
  await tx.playChatReport.updateMany({ where: { resolvedById: userId }, data: { resolvedById: null } });
}

/** The account export's chat: the user's own messages (with their game's link), reports and mutes. */
export async function chatForExport(userId: string) {
  const [messages, reports, mutes, pref] = await Promise.all([
    db.playChatMessage.findMany({ where: { authorId: userId }, orderBy: { id: "asc" } }),
    db.playChatReport.findMany({ where: { reporterId: userId }, include: { message: { select: { body: true } } }, orderBy: { createdAt: "asc" } }),
    db.playChatMute.findMany({ where: { userId }, orderBy: { createdAt: "asc" } }),
    db.playChatPref.findUnique({ where: { userId } }),
  ]);
  const games = await db.playGame.findMany({ where: { id: { in: [...new Set(messages.map((m) => m.gameId))] } }, select: { id: true, code: true } });
  const codeOf = new Map(games.map((g) => [g.id, g.code]));
  return {
    showSpectators: pref?.showSpectators ?? false,
    messages: messages.map((m) => ({ game: codeOf.get(m.gameId) ?? null, room: m.room, body: m.body, status: m.status, at: m.createdAt.toISOString() })),
    reports: reports.map((r) => ({ message: r.message.body, reason: r.reason, status: r.status, at: r.createdAt.toISOString() })),
    muted: mutes.map((m) => m.mutedId),
  };
}
