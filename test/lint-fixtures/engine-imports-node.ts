// lint-as: lib/engine/fixture.ts
// An engine file using a Node built-in (randomness outside the seeded PRNG).
import { randomInt } from "node:crypto";

export const leak = randomInt;
