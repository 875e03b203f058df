// @vitest-environment jsdom
/**
 * A whole live game through the real referee (lib/play/referee.ts) on a
 * throwaway database, as the three people at it see it: both players' boards
 * and a spectator's, each an OnlineBoard fed the message its stream would
 * send (messageFor, as lib/play/stream.ts builds it). Every move is made on a
 * board, as a person would make it: fill and confirm the placement, click a
 * flip, answer a decision. After every accepted action each recipient's
 * message is checked for cards it may not know (test/play-leaks.ts), and each
 * board's field and hands for card titles it may not know. The e2e journey
 * (e2e/play.spec.ts) keeps what needs a browser and a server: the invite
 * through sign-up, the stream, a reload back to the seat, a concession and
 * the rematch.
 */
import { act, cleanup, fireEvent, render, within } from "@testing-library/react";
import type { Context } from "react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@/test/db";
import { knowable, leaks } from "@/test/play-leaks";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { SessionUser } from "@/lib/accounts/data/users";
import type { GameState, Player } from "@/lib/engine";
import type { Move } from "@/lib/play/protocol";
import type { PlayMessage } from "@/lib/play/types";

type Recipient = Player | null;
type Seen = { message: PlayMessage | null; sending: boolean };

const h = vi.hoisted(() => ({
  prisma: null as unknown as PrismaClient,
  /** What each recipient's stream last sent, and the board's action in flight. */
  seen: new Map<Recipient, Seen>(),
  listeners: new Set<() => void>(),
  /** Set by the test: a board's move goes to the referee as that seat. */
  send: null as unknown as (who: Recipient, move: Move) => Promise<void>,
}));
vi.mock("@/lib/server/db/db", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/server/db/db")>()),
  get db() {
    return h.prisma;
  },
}));
// the stream, in process: the recipient comes from the board's place in the tree, its message from the referee
vi.mock("./use-play-stream", async () => {
  const { createContext, useContext, useSyncExternalStore } = await import("react");
  const Who = createContext<Recipient>(null);
  const subscribe = (l: () => void) => {
    h.listeners.add(l);
    return () => void h.listeners.delete(l);
  };
  return {
    Who,
    usePlayStream: () => {
      const who = useContext(Who);
      const seen = useSyncExternalStore(subscribe, () => h.seen.get(who));
      return {
        state: seen?.message ? { kind: "live", message: seen.message } : { kind: "connecting" },
        online: true,
        error: null,
        sending: seen?.sending ?? false,
        send: (move: Move) => h.send(who, move),
        chat: {},
        clearError: () => undefined,
      };
    },
  };
});
vi.mock("@/lib/play/actions", () => ({ rematchAction: async () => null }));

const t = createTestDatabase("online-game");
h.prisma = t.prisma;
afterAll(() => t.cleanup());

const { createGame, joinGame } = await import("@/lib/play/data/games");
const { loadGame, submit } = await import("@/lib/play/referee");
const { messageFor } = await import("@/lib/play/views");
const { makeUser, starterSeatDeck } = await import("@/lib/play/test-fixture");
const { OnlineBoard } = await import("./online-board");
const { Who } = (await import("./use-play-stream")) as unknown as { Who: Context<Recipient> };

const RECIPIENTS: Recipient[] = [0, 1, null];
const NAME = (r: Recipient) => (r === null ? "the spectator" : `seat ${r}`);

let users: [SessionUser, SessionUser];
beforeAll(async () => {
  users = [await makeUser(t.prisma, "Amy"), await makeUser(t.prisma, "Knuckles")];
});

/** Instance ids by card title. */
function idsByTitle(state: GameState): Map<string, number[]> {
  const byTitle = new Map<string, number[]>();
  state.cards.forEach((c, id) => byTitle.set(c.title, [...(byTitle.get(c.title) ?? []), id]));
  return byTitle;
}

/**
 * The cards a board names on its field and in its hands (each card's accessible name starts with its title, or
 * follows a slot's name and a colon: "Tails, yellow 3 rings, effect: …") whose title no card its recipient may know
 * has. Rules text inside a name may mention other titles: only the card's own title, before its first comma, counts.
 */
function unknownCardsShown(board: HTMLElement, state: GameState, r: Recipient): string[] {
  const places = [board.querySelector('[role="grid"]'), ...board.querySelectorAll('[aria-label*="hand"]')].filter((e): e is Element => e !== null);
  const labels = places.flatMap((e) => [e, ...e.querySelectorAll("[aria-label]")].map((x) => x.getAttribute("aria-label") ?? ""));
  const ok = knowable(state, r);
  const out = new Set<string>();
  for (const [title, ids] of idsByTitle(state)) {
    const named = new RegExp(`(^|: )${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}, `);
    if (labels.some((l) => named.test(l)) && !ids.some((id) => ok.has(id))) out.add(title);
  }
  return [...out];
}

/** What the game's streams send after a change: each recipient's message (one spectator watching, this one). */
async function publish(code: string) {
  const live = (await loadGame(code))!.live!;
  for (const r of RECIPIENTS) h.seen.set(r, { message: messageFor(live, r, 1), sending: false });
  for (const l of h.listeners) l();
}

describe("a live game between two people, on their boards and a spectator's", () => {
  it("is played to its end from the boards; no board or message ever shows a card its recipient may not know", async () => {
    const { code } = await createGame(users[0], { listing: "invite", pace: "live", columnRule: "priority" }, starterSeatDeck());
    const { inviteToken } = await t.prisma.playGame.findUniqueOrThrow({ where: { code } });
    await joinGame(users[1], { token: inviteToken }, starterSeatDeck("eggman-empire"));

    const refused: string[] = [];
    let inFlight: Promise<void> = Promise.resolve();
    h.send = (who, move) => {
      const seen = h.seen.get(who);
      if (who === null || !seen?.message) throw new Error(`${NAME(who)} cannot move`);
      h.seen.set(who, { ...seen, sending: true });
      inFlight = submit({ userId: users[who].id }, code, { seq: seen.message.seq, move })
        .then(
          () => undefined,
          (e: Error) => void refused.push(`${NAME(who)} ${JSON.stringify(move)}: ${e.message}`),
        )
        .then(() => publish(code));
      return inFlight;
    };
    await publish(code);

    const boards = new Map<Recipient, HTMLElement>();
    for (const r of RECIPIENTS)
      boards.set(
        r,
        render(
          <Who.Provider value={r}>
            <OnlineBoard code={code} />
          </Who.Provider>,
        ).container,
      );
    const board = (r: Recipient) => within(boards.get(r)!);

    /** Makes the first move a board offers (placement, a decision's first option, the first flip): false when none does. */
    const moveOnABoard = async (): Promise<boolean> => {
      for (const r of [0, 1] as Player[]) {
        const b = board(r);
        const confirm = b.queryByTestId("confirm-placement");
        const decision = b.queryByTestId("decision");
        // plain selectors, not queries by role: these run after every move, on three full boards
        const flip = boards.get(r)!.querySelector<HTMLButtonElement>('button[aria-label$="you may flip here"]');
        if (confirm) {
          fireEvent.click(b.getByRole("button", { name: "Fill empty slots" }));
          expect(b.getByTestId("confirm-placement")).toHaveProperty("disabled", false);
          fireEvent.click(b.getByTestId("confirm-placement"));
        } else if (decision) fireEvent.click(within(decision).getAllByRole("button").find((x) => !(x as HTMLButtonElement).disabled)!);
        else if (flip) fireEvent.click(flip);
        else continue;
        await act(() => inFlight);
        return true;
      }
      return false;
    };

    let moves = 0;
    let flips = 0;
    let placements = 0;
    let decisions = 0;
    for (;;) {
      const live = (await loadGame(code))!.live!;
      const over = live.record.status === "finished";
      for (const r of RECIPIENTS) {
        const m = h.seen.get(r)!.message!;
        expect(m.seq, `${NAME(r)}'s board is at the referee's action`).toBe(live.record.seq);
        expect(leaks(m, live.state, r, over), `${NAME(r)}'s message at action ${m.seq}`).toEqual([]);
        if (!over) expect(unknownCardsShown(boards.get(r)!, live.state, r), `${NAME(r)}'s board at action ${m.seq}`).toEqual([]);
      }
      // the spectator never has a hand, and sees no face-down card's face
      expect(boards.get(null)!.querySelector('[aria-label^="Your hand"]')).toBeNull();
      expect(boards.get(null)!.querySelectorAll('[aria-label$="(face down)"]')).toHaveLength(0);
      expect(board(null).getByTestId("instruction").textContent).toMatch(over ? /over/ : /^Watching Amy and Knuckles/);
      if (over) break;
      expect(moves, "the game ends within its turn limit").toBeLessThan(2000);
      const before = { placing: board(0).queryByTestId("confirm-placement") ?? board(1).queryByTestId("confirm-placement"), deciding: board(0).queryByTestId("decision") ?? board(1).queryByTestId("decision") };
      expect(await moveOnABoard(), `a board offers a move at action ${live.record.seq}`).toBe(true);
      if (before.placing) placements++;
      else if (before.deciding) decisions++;
      else flips++;
      moves++;
    }
    expect(refused).toEqual([]);
    // a real game: both placed every turn, cards were flipped, and it ended by the rules, not a concession
    expect(placements).toBeGreaterThanOrEqual(2);
    expect(flips).toBeGreaterThan(5);
    const end = (await loadGame(code))!.record;
    expect(end.endReason === "emeralds" || end.endReason === "turns").toBe(true);
    expect(decisions + flips + placements).toBe(moves);
    // the end: every board says who won and shows both deck lists, and the players may ask for a rematch
    for (const r of RECIPIENTS) {
      expect(board(r).getByTestId("game-over")).toBeTruthy();
      expect(board(r).getAllByTestId("deck-list")).toHaveLength(2);
    }
    for (const r of [0, 1] as Player[]) expect(board(r).getByRole("button", { name: /Rematch/ })).toBeTruthy();
    cleanup();
  }, 240_000);
});
