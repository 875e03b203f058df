// lint-as: lib/engine/rules/fixture.ts
// An engine file reaching app code through the alias and a framework package.
import { cardKey } from "@/lib/catalog/keys";
import { useState } from "react";

export const leak = [cardKey, useState];
