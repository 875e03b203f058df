/** What other features may use of the accounts data access (lib/<feature>/data/index.ts is its public entry). */
export type { SessionUser } from "./users";
