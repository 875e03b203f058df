/**
 * Access-matrix rows for solo playtest
 * (read by lib/server/access-matrix.test.ts; docs/architecture.md "The access matrix").
 */
import * as playtestCards from "@/lib/playtest/data";
import { PUBLIC, type Rows } from "@/test/access/harness";

/** Every exported function of this feature's data access (key: file under lib/, then #name). */
export const data: Rows = {
  "playtest/data.ts#getPlaytestCards": { access: "checked", call: () => playtestCards.getPlaytestCards(["DEMO-001"]), expect: PUBLIC },
};

/** This feature's route handlers under app/api (key: route file under app/api, then #method). */
export const routes: Rows = {
};
