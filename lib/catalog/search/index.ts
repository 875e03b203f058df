/**
 * The card query language (Scryfall-style), one parser for every page:
 * tokenizer -> syntax tree with positions -> in-memory filter, descriptions
 * and term editing. The database translation lives in lib/catalog/data/card-search/sql.ts.
 */
export type { CompareOp, Field, IsValue, NumberTest, ParseResult, QueryError, QueryNode, Span, Term, TermNode } from "./ast";
export { parseQuery, KEYWORDS } from "./parser";
export { matchesCard, type SearchableCard } from "./filter";
export { colorMatches, masksFor, numberMatches } from "./masks";
export {
  splitQuery,
  joinParts,
  quoteValue,
  readFilters,
  filterTerm,
  setFilter,
  removePart,
  describeNode,
  filterKindOf,
  EMPTY_FILTERS,
  type QueryPart,
  type FilterState,
  type FilterKind,
  type ColorMode,
} from "./edit";
export { closestWord, editDistance, type SearchVocabulary } from "./did-you-mean";
