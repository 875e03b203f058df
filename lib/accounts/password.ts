import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { availableParallelism } from "node:os";

/**
 * How many scrypt computations run at once: all cores but one (at least one).
 * The rest wait their turn, so a burst of sign-ins (a login flood's first
 * attempts, before the rate limits refuse it) never takes every core from the
 * requests around it (docs/security.md "Rate limits").
 */
const KDF_SLOTS = Math.max(1, availableParallelism() - 1);
let kdfRunning = 0;
const kdfQueue: (() => void)[] = [];

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const run = () => {
      kdfRunning++;
      scryptCb(password, salt, keylen, opts, (err, key) => {
        kdfRunning--;
        kdfQueue.shift()?.();
        if (err) reject(err);
        else resolve(key);
      });
    };
    if (kdfRunning < KDF_SLOTS) run();
    else kdfQueue.push(run);
  });
}

/**
 * scrypt parameters: N=2^15, r=8 uses 32 MiB of memory per hash (memory-hard),
 * about 50–100 ms on our machines. Stored with the hash so they can be raised later.
 */
const PARAMS = { N: 1 << 15, r: 8, p: 1 };
const KEYLEN = 32;
const maxmem = 128 * PARAMS.N * PARAMS.r * 2;

/** Hashes a password with scrypt: "scrypt$N$r$p$saltB64$hashB64". */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { ...PARAMS, maxmem });
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Verifies a password against a stored hash in constant time. False for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], "base64");
  const expected = Buffer.from(parts[5], "base64");
  if (!N || !r || !p || expected.length === 0) return false;
  const key = await scrypt(password, salt, expected.length, { N, r, p, maxmem: 128 * N * r * 2 });
  return timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real verification, for sign-in attempts with an
 * unknown email, so response time does not reveal which emails have accounts.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword("not-a-real-password");
  await verifyPassword(password, await dummyHash);
  return false;
}
