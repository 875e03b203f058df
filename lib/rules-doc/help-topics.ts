/** The in-app help pages (/help/<topic>) forms link to, each rendered from one file of docs/. */
export const HELP_TOPICS = {
  "collection-import": { file: "collection-import.md", title: "Collection import formats" },
  effects: { file: "effects.md", title: "The card effect language" },
} as const;

export type HelpTopic = keyof typeof HELP_TOPICS;

/** The help topic of a URL segment, or null for any other. */
export function helpTopic(segment: string): (typeof HELP_TOPICS)[HelpTopic] | null {
  return Object.hasOwn(HELP_TOPICS, segment) ? HELP_TOPICS[segment as HelpTopic] : null;
}

/** The link to a help topic. */
export function helpHref(topic: HelpTopic): string {
  return `/help/${topic}`;
}
