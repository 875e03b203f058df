import "server-only";
import { db } from "@/lib/server/db/db";
import { requireActor, type Actor } from "@/lib/server/actor";
import { DomainError } from "@/lib/server/errors";
import type { SeatDeck } from "@/lib/play/types";
import { derivedRounds } from "@/lib/events/swiss";
import type { CreateEventInput } from "@/lib/events/schemas";
import { loadEventTx, nextStep, pairSwissTx, pairTopCutTx, pairTopNextTx, roundComplete, type LoadedEvent } from "@/lib/events/data/rounds";

/**
 * Running an event (docs/events.md): creating it, entering it with a
 * decklist, starting it (the decklists lock), the rounds and the finish. Only
 * the organiser manages; an entrant enters, changes their decklist before the
 * start, and drops.
 */

function organiserOf(e: { organiserId: string | null }, actor: Actor): void {
  if (e.organiserId !== actor.id) throw new DomainError("events/not-organiser", "Only the organiser can do that.");
}

/** Any signed-in user organises a new event; they are its organiser. */
export async function createEvent(actor: Actor, input: CreateEventInput): Promise<{ id: string }> {
  const user = requireActor(actor);
  const e = await db.event.create({
    data: {
      name: input.name,
      notes: input.notes,
      mode: input.mode,
      roundsChosen: input.rounds,
      topCut: input.topCut,
      registrationClosesAt: input.registrationClosesAt,
      organiserId: user.id,
      organiserName: user.displayName,
    },
    select: { id: true },
  });
  return e;
}

/**
 * Enters the signed-in player with a deck already checked by the one
 * deck-rules module (lib/play/decks.ts#resolveSeatDeck), snapshotted here.
 * Before the start, entering again replaces the decklist; after the start the
 * decklist is locked. Until the registration deadline a player may still
 * enter an event under way: a late entry, paired from the next round, its
 * missed rounds counted as losses.
 */
export async function registerForEvent(actor: Actor, eventId: string, deck: SeatDeck, now: Date = new Date()): Promise<{ entryId: string; late: boolean }> {
  const user = requireActor(actor);
  return db.$transaction(async (tx) => {
    const e = await loadEventTx(tx, eventId);
    if (e.organiserId === user.id) throw new DomainError("events/organiser-plays", "The organiser runs the event and does not play in it.");
    const mine = e.entries.find((x) => x.userId === user.id);
    if (mine && e.status !== "registration") throw new DomainError("events/locked", "Decklists are locked: the event has started.");
    if (e.status === "finished" || now > e.registrationClosesAt) throw new DomainError("events/closed", "Registration for this event is closed.");
    if (e.status === "running" && e.matches.some((m) => m.stage === "top")) throw new DomainError("events/closed", "The top cut has started: registration is closed.");
    const data = { playerName: user.displayName, deckName: deck.name, deck: JSON.stringify(deck) };
    if (mine) {
      await tx.eventEntry.update({ where: { id: mine.id }, data: { ...data, registeredAt: now } });
      return { entryId: mine.id, late: false };
    }
    // a late entry plays from the round after the one under way
    const firstRound = e.status === "running" ? e.currentRound + 1 : 1;
    const made = await tx.eventEntry.create({ data: { eventId, userId: user.id, ...data, firstRound, registeredAt: now } });
    return { entryId: made.id, late: e.status === "running" };
  });
}

/**
 * The signed-in entrant leaves: before the start the entry is withdrawn;
 * once it runs, they drop after the round under way (its match still counts)
 * and are not paired again. The organiser may drop any entrant.
 */
export async function dropFromEvent(actor: Actor, eventId: string, entryId?: string): Promise<void> {
  const user = requireActor(actor);
  await db.$transaction(async (tx) => {
    const e = await loadEventTx(tx, eventId);
    const entry = entryId ? e.entries.find((x) => x.id === entryId) : e.entries.find((x) => x.userId === user.id);
    if (!entry) throw new DomainError("events/not-found", "There is no such entry in this event.");
    if (entry.userId !== user.id) organiserOf(e, user);
    if (e.status === "finished") throw new DomainError("events/not-running", "The event is over.");
    if (e.status === "registration") {
      await tx.eventEntry.delete({ where: { id: entry.id } });
      return;
    }
    if (entry.droppedAfter === null) await tx.eventEntry.update({ where: { id: entry.id }, data: { droppedAfter: e.currentRound } });
  });
}

async function organised(actor: Actor, eventId: string, fn: (tx: Parameters<Parameters<typeof db.$transaction>[0]>[0], e: LoadedEvent) => Promise<void>): Promise<void> {
  const user = requireActor(actor);
  await db.$transaction(async (tx) => {
    const e = await loadEventTx(tx, eventId);
    organiserOf(e, user);
    await fn(tx, e);
  });
}

/** The organiser starts the event: the decklists lock, the Swiss rounds are fixed (chosen, or ⌈log2 n⌉) and round 1 is paired. */
export async function startEvent(actor: Actor, eventId: string, now: Date = new Date()): Promise<void> {
  await organised(actor, eventId, async (tx, e) => {
    if (e.status !== "registration") throw new DomainError("events/not-running", "The event has already started.");
    if (e.entries.length < 2) throw new DomainError("events/too-few", "An event needs at least two entrants.");
    const rounds = e.roundsChosen || derivedRounds(e.entries.length);
    const claimed = await tx.event.updateMany({ where: { id: e.id, status: "registration" }, data: { status: "running", rounds, startedAt: now } });
    if (claimed.count === 0) throw new DomainError("events/not-running", "The event has already started.");
    await pairSwissTx(tx, { ...e, status: "running", rounds });
  });
}

/** The organiser pairs the next round (Swiss, the top cut's first, or its next) once every match of the round under way has a result. */
export async function advanceEvent(actor: Actor, eventId: string): Promise<void> {
  await organised(actor, eventId, async (tx, e) => {
    if (e.status !== "running") throw new DomainError("events/not-running", "The event is not under way.");
    if (!roundComplete(e)) throw new DomainError("events/round-open", "Some matches of this round have no result yet.");
    const step = nextStep(e);
    if (step === "swiss") await pairSwissTx(tx, e);
    else if (step === "top-cut") await pairTopCutTx(tx, e);
    else if (step === "top") await pairTopNextTx(tx, e);
    else throw new DomainError("events/not-running", "Every round has been played: finish the event.");
    // of two presses at once, one pairs: the round's table numbers are unique
  });
}

/** The organiser ends the event once the round under way is complete: standings final, decklists published. */
export async function finishEvent(actor: Actor, eventId: string, now: Date = new Date()): Promise<void> {
  await organised(actor, eventId, async (tx, e) => {
    if (e.status !== "running") throw new DomainError("events/not-running", "The event is not under way.");
    if (!roundComplete(e)) throw new DomainError("events/round-open", "Some matches of this round have no result yet.");
    await tx.event.update({ where: { id: e.id }, data: { status: "finished", finishedAt: now } });
  });
}
