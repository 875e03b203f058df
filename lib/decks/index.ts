/** Deck legality, stats, import/export formats and deck codes: pure, shared by the editor, server writes, importers and the playtest. */
export * from "./types";
export * from "./rules";
export * from "./stats";
export * from "./catalog-index";
export * from "./text-format";
export * from "./json-format";
export * from "./deck-code";
export * from "./diff";
export * from "./cockatrice-format";
