/** Only same-site paths are allowed as post-sign-in destinations (no open redirects). */
export function safeCallbackUrl(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
