// lint-as: lib/actions/fixture.ts
// A server action entering the command-line tools' system path: refused.
import { runAsSystemAdmin } from "@/lib/accounts/data/system";

export const enter = runAsSystemAdmin;
