import { DomainError } from "@/lib/server/errors";

/** The largest server action body (next.config.js serverActions.bodySizeLimit, "9mb": two 4 MB census photos and a form). */
export const ACTION_BODY_LIMIT = 9 * 1024 * 1024;
/** How deeply the arguments of an action may nest: ours are a few levels deep; a hostile body nests thousands. */
const MAX_DEPTH = 32;

/** The deepest [ or { nesting in JSON text, strings skipped; stops counting past `max`. */
export function jsonDepth(text: string, max = MAX_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth++;
      if (depth > deepest && (deepest = depth) > max) return deepest;
    } else if (c === 93 || c === 125) depth--;
  }
  return deepest;
}

const invalid = (what: string) => new DomainError("input/invalid", `This request could not be read: ${what}. Reload the page and try again.`);

function checkJson(text: string): DomainError | null {
  if (jsonDepth(text) > MAX_DEPTH) return invalid("its data is nested too deeply");
  try {
    JSON.parse(text);
    return null;
  } catch {
    return invalid("its data is not well formed");
  }
}

/**
 * What is wrong with a server action's body, before Next.js decodes it (it
 * answers a body it cannot decode with a 500): over the size limit, a form
 * that does not parse, or arguments that are not JSON or nest too deeply
 * (as one text body, or as the JSON fields of a multipart one). Null: let it through.
 */
export async function actionBodyProblem(request: Request): Promise<DomainError | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > ACTION_BODY_LIMIT) return new DomainError("input/too-large", `This request is over the ${ACTION_BODY_LIMIT / (1024 * 1024)} MB limit.`);
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  const body = request.clone();
  if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
    let form: FormData;
    try {
      form = await body.formData();
    } catch {
      return invalid("the form data is malformed");
    }
    for (const [, value] of form) {
      if (typeof value === "string" && /^\s*[[{]/.test(value) && jsonDepth(value) > MAX_DEPTH) return invalid("its data is nested too deeply");
    }
    return null;
  }
  const text = await body.text();
  if (Buffer.byteLength(text) > ACTION_BODY_LIMIT) return new DomainError("input/too-large", `This request is over the ${ACTION_BODY_LIMIT / (1024 * 1024)} MB limit.`);
  return text.trim() ? checkJson(text) : null;
}
