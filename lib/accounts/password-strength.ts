import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";
import demoSet from "@/data/demo-set.json";

/** zxcvbn's 0–4 score a new password must reach (3: "safely unguessable", about 10^8 guesses or more). */
export const MIN_PASSWORD_SCORE = 3;

/**
 * The words an attacker guessing a Ringbinder password tries first: the
 * game's own (its characters, places, traits and terms), every word of the
 * shipped cards' titles and traits, and the password-advice examples people
 * copy. Without them `sonicthehedgehog` passed as strong.
 */
const GAME_WORDS = [
  "sonic", "hedgehog", "tails", "knuckles", "echidna", "amy", "rose", "shadow", "rouge", "cream", "cheese", "eggman", "robotnik",
  "metal", "chaos", "emerald", "emeralds", "ring", "rings", "chao", "blaze", "silver", "omega", "gamma", "vector", "espio", "charmy",
  "cosmo", "metarex", "chris", "thorndyke", "tornado", "station", "square", "angel", "island", "green", "hill", "zone", "speed",
  "spin", "dash", "boost", "rush", "flip", "battle", "score", "column", "field", "deck", "hand", "trading", "card", "cards", "game",
  "ringbinder", "sega", "blue", "red", "yellow", "gray", "grey",
  "troubador", "troubadour", "correcthorsebatterystaple",
];

function appVocabulary(): string[] {
  const words = new Set(GAME_WORDS);
  for (const card of demoSet.cards as { title: string; traits: string[] }[]) {
    for (const w of [card.title, ...card.traits].join(" ").toLowerCase().split(/[^a-z0-9]+/)) if (w.length >= 3) words.add(w);
    // whole titles without spaces too: "sonicthehedgehog", "dreggman"
    words.add(card.title.toLowerCase().replace(/[^a-z0-9]+/g, ""));
  }
  return [...words];
}

let factory: ZxcvbnFactory | undefined;

function estimator(): ZxcvbnFactory {
  // Loading the dictionaries takes a few hundred milliseconds: once per process.
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary, ringbinder: appVocabulary() },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return factory;
}

export type PasswordStrength = { ok: true } | { ok: false; message: string };

/**
 * Checks a new password with zxcvbn-ts and its common-password and English
 * dictionaries. `context` (email, display name) counts as guessable. Weak
 * passwords are refused with the estimator's advice. Existing passwords are
 * never re-checked: this runs on sign-up, password change and the admin CLI.
 */
export function checkPasswordStrength(password: string, context: string[] = []): PasswordStrength {
  // Only the first 100 characters are estimated: longer passwords are strong by length, and the
  // estimator's matching grows quickly with length.
  const sample = password.slice(0, 100);
  const inputs = context.flatMap((c) => [c, ...c.split(/[@.\s_-]+/)]).filter((c) => c.length >= 3);
  const result = estimator().check(sample, inputs);
  if (result.score >= MIN_PASSWORD_SCORE) return { ok: true };
  const advice = [result.feedback.warning, ...result.feedback.suggestions].filter((s): s is string => Boolean(s));
  const why = advice.length ? ` ${advice.join(" ")}` : "";
  return { ok: false, message: `This password is too easy to guess.${why} A few uncommon words together work well.` };
}
