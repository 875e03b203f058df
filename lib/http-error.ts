/** The one JSON error shape of every route handler: `{ error: { code, message } }`. */
export type JsonErrorBody = { error: { code: string; message: string } };

export function jsonErrorBody(code: string, message: string): JsonErrorBody {
  return { error: { code, message } };
}
