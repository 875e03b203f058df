// lint-as: lib/actions/fixture.ts
// A server action entering the command-line tools' system path: refused.
import { runAsSystemAdmin } from "@/lib/dal/system";

export const enter = runAsSystemAdmin;
