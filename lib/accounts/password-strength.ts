import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";

/** zxcvbn's 0–4 score a new password must reach (3: "safely unguessable", about 10^8 guesses or more). */
export const MIN_PASSWORD_SCORE = 3;

let factory: ZxcvbnFactory | undefined;

function estimator(): ZxcvbnFactory {
  // Loading the dictionaries takes a few hundred milliseconds: once per process.
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
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
