/**
 * Replay links: a game's setup (decks as card keys, seed, rules, AI level)
 * and its action list, as base64url JSON in a URL. Malformed or oversized
 * links are rejected with a clear reason.
 */
import { z } from "zod";
import type { Action, Color, CorrectionOp, Player, Row, SlotRef } from "@/lib/engine";
import { compressKeys, expandKeys } from "./cards";
import { AI_LEVELS, type AiLevel } from "./session";

/** Longest accepted `r` parameter (characters). */
export const MAX_REPLAY_CHARS = 60_000;

/** What a replay link holds. */
export interface ReplayPayload {
  deckKeys: [string[], string[]];
  deckNames: [string, string];
  seed: number;
  /** The AI's own seed (independent of the shuffle seed); absent in older links. */
  aiSeed?: number;
  columnRule: "priority" | "no-mirror";
  maxTurns: number;
  level: AiLevel;
  actions: Action[];
  conceded: boolean;
  /** Manual corrections were on for the human (RULES.md §6). */
  corrections: boolean;
}

/** Why a replay link could not be read. */
export type ReplayLinkError = { code: "replay/too-long" | "replay/malformed"; reason: string };

const wireSchema = z.object({
  v: z.literal(1),
  d: z.tuple([z.array(z.string().max(40)).max(500), z.array(z.string().max(40)).max(500)]),
  n: z.tuple([z.string().max(80), z.string().max(80)]),
  s: z.number().int().min(0).max(0xffffffff),
  /** the AI seed */
  i: z.number().int().min(0).max(0xffffffff).optional(),
  c: z.enum(["priority", "no-mirror"]),
  m: z.number().int().min(1).max(1000),
  l: z.enum(AI_LEVELS),
  a: z.array(z.string().max(80)).max(5000),
  x: z.literal(1).optional(),
  /** manual corrections on for the human */
  k: z.literal(1).optional(),
});

const COLORS: Record<string, Color> = { b: "blue", r: "red", y: "yellow", g: "gray" };
const COLOR_CODE: Record<Color, string> = { blue: "b", red: "r", yellow: "y", gray: "g" };
const OP_CODE: Record<CorrectionOp, string> = { discard: "d", return: "r", draw: "w", "flip-up": "u", rings: "m" };
const OPS: Record<string, CorrectionOp> = { d: "discard", r: "return", w: "draw", u: "flip-up", m: "rings" };

function slotCode(r: SlotRef): string {
  return `${r.player}${r.row === "chaos" ? "c" : "s"}${r.column}`;
}

function slotFrom(t: string): SlotRef | null {
  const s = /^([01])([cs])([1-5])$/.exec(t);
  return s ? { player: Number(s[1]) as Player, row: (s[2] === "c" ? "chaos" : "spare") as Row, column: Number(s[3]) } : null;
}

/**
 * Compact text form of an action: "p0:3,8,1,-,4", "f1:3", "c0:b", "s0:1c3",
 * "y0:1", "x1"; manual corrections "k0:w" (draw), "k0:d1c3" (discard, return
 * "r", flip-up "u"), "k0:m1c3:-2" (rings).
 */
export function encodeAction(a: Action): string {
  switch (a.type) {
    case "place":
      return `p${a.player}:${a.cards.map((c) => (c === null ? "-" : String(c))).join(",")}`;
    case "flip":
      return `f${a.player}:${a.column}`;
    case "pass":
      return `x${a.player}`;
    case "choose":
      if (a.color !== undefined) return `c${a.player}:${COLOR_CODE[a.color]}`;
      if (a.slot !== undefined) return `s${a.player}:${slotCode(a.slot)}`;
      return `y${a.player}:${a.yes ? 1 : 0}`;
    case "correct":
      if (a.op === "draw" || !a.slot) return `k${a.player}:${OP_CODE[a.op]}`;
      return `k${a.player}:${OP_CODE[a.op]}${slotCode(a.slot)}${a.op === "rings" ? `:${a.amount ?? 0}` : ""}`;
  }
}

/** Inverse of {@link encodeAction}; null when malformed. */
export function decodeAction(t: string): Action | null {
  const m = /^([pfcsyxk])([01])(?::(.*))?$/.exec(t);
  if (!m) return null;
  const player = Number(m[2]) as Player;
  const arg = m[3];
  switch (m[1]) {
    case "p": {
      if (arg === undefined) return null;
      const parts = arg.split(",");
      if (parts.length !== 5) return null;
      const cards: (number | null)[] = [];
      for (const x of parts) {
        if (x === "-") cards.push(null);
        else if (/^\d{1,4}$/.test(x)) cards.push(Number(x));
        else return null;
      }
      return { type: "place", player, cards };
    }
    case "f":
      if (!arg || !/^[1-5]$/.test(arg)) return null;
      return { type: "flip", player, column: Number(arg) };
    case "x":
      return arg === undefined ? { type: "pass", player } : null;
    case "c": {
      const color = arg ? COLORS[arg] : undefined;
      return color ? { type: "choose", player, color } : null;
    }
    case "s": {
      const slot = arg ? slotFrom(arg) : null;
      return slot ? { type: "choose", player, slot } : null;
    }
    case "k": {
      const k = arg ? /^([drwum])(?:([01][cs][1-5])(?::(-?\d{1,2}))?)?$/.exec(arg) : null;
      if (!k) return null;
      const op = OPS[k[1]];
      if (op === "draw") return k[2] === undefined ? { type: "correct", player, op } : null;
      const slot = k[2] ? slotFrom(k[2]) : null;
      if (!slot || (op === "rings") !== (k[3] !== undefined)) return null;
      return op === "rings" ? { type: "correct", player, op, slot, amount: Number(k[3]) } : { type: "correct", player, op, slot };
    }
    case "y":
      return arg === "1" || arg === "0" ? { type: "choose", player, yes: arg === "1" } : null;
  }
  return null;
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (let i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(s: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) return null;
  try {
    const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4));
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Encode a replay payload as the `r` parameter of `/playtest/replay`. */
export function encodeReplay(p: ReplayPayload): string {
  const wire: z.infer<typeof wireSchema> = {
    v: 1,
    d: [compressKeys(p.deckKeys[0]), compressKeys(p.deckKeys[1])],
    n: p.deckNames,
    s: p.seed,
    ...(p.aiSeed !== undefined ? { i: p.aiSeed } : {}),
    c: p.columnRule,
    m: p.maxTurns,
    l: p.level,
    a: p.actions.map(encodeAction),
    ...(p.conceded ? { x: 1 as const } : {}),
    ...(p.corrections ? { k: 1 as const } : {}),
  };
  return toBase64Url(JSON.stringify(wire));
}

/** Decode the `r` parameter; a clear error for anything malformed or too long. */
export function decodeReplay(r: string): { ok: true; payload: ReplayPayload } | { ok: false; error: ReplayLinkError } {
  const bad = (reason: string) => ({ ok: false as const, error: { code: "replay/malformed" as const, reason } });
  if (r.length > MAX_REPLAY_CHARS)
    return { ok: false, error: { code: "replay/too-long", reason: `This replay link is too long (${r.length} characters; at most ${MAX_REPLAY_CHARS}).` } };
  const text = fromBase64Url(r);
  if (text === null) return bad("This replay link is damaged: it is not valid base64url text.");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return bad("This replay link is damaged: its content is not JSON.");
  }
  const w = wireSchema.safeParse(json);
  if (!w.success) return bad(`This replay link is not a Ringbinder replay (version 1): ${w.error.issues[0]?.path.join(".") || "root"} is invalid.`);
  const d0 = expandKeys(w.data.d[0]);
  const d1 = expandKeys(w.data.d[1]);
  if (!d0 || !d1) return bad("This replay link is damaged: a deck list is malformed.");
  const actions: Action[] = [];
  for (let i = 0; i < w.data.a.length; i++) {
    const a = decodeAction(w.data.a[i]);
    if (!a) return bad(`This replay link is damaged: action ${i + 1} ("${w.data.a[i]}") is malformed.`);
    actions.push(a);
  }
  return {
    ok: true,
    payload: {
      deckKeys: [d0, d1],
      deckNames: w.data.n,
      seed: w.data.s,
      ...(w.data.i !== undefined ? { aiSeed: w.data.i } : {}),
      columnRule: w.data.c,
      maxTurns: w.data.m,
      level: w.data.l,
      actions,
      conceded: w.data.x === 1,
      corrections: w.data.k === 1,
    },
  };
}
