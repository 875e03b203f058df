import Papa from "papaparse";

/** Characters that make a spreadsheet treat a cell as a formula (or, for tab and CR, as one after trimming). */
const FORMULA_START = /^[=+\-@\t\r]/;
const GUARDED = /^'[=+\-@\t\r]/;

/**
 * Guards one cell against formula injection: a text cell starting with = + - @
 * tab or CR gets a leading apostrophe, so a spreadsheet shows it as text instead
 * of running it (OWASP's CSV injection advice). Numbers are left alone.
 */
export function guardCell(value: string | number): string | number {
  return typeof value === "string" && FORMULA_START.test(value) ? `'${value}` : value;
}

/** Undoes guardCell on import, so an exported file imports back unchanged. */
export function unguardCell(value: string): string {
  return GUARDED.test(value) ? value.slice(1) : value;
}

/**
 * The one CSV writer of every export: a header row, then the rows, each text
 * cell guarded by guardCell, "\n" line ends and a final newline.
 */
export function toSafeCsv(fields: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const data = rows.map((row) => row.map((cell) => guardCell(cell)));
  return Papa.unparse({ fields: [...fields], data }, { newline: "\n" }) + "\n";
}
