// CSV for exports and reports, written with csv-stringify: RFC 4180 quoting, CRLF line ends (a pure format, shared by every writer).
import { type Options, stringify } from 'csv-stringify/sync'

/** The format of every CSV we write; a writer that knows which cells are text may defuse formulas itself (reports). */
export const CSV_FORMAT: Options = {
  record_delimiter: '\r\n',
  // csv-stringify quotes a field holding its record delimiter (CRLF) but not a lone LF or CR; spreadsheets split on either.
  quoted_match: /[\r\n]/,
}

export const CSV_OPTIONS: Options = {
  ...CSV_FORMAT,
  // Names and notes come from strangers (cart pages, customers): a cell a spreadsheet would run as a
  // formula (=, +, -, @, tab, CR first) gets a leading apostrophe.
  escape_formulas: true,
}

/** One CSV record, line end included; null and undefined are empty fields. */
export function csvLine(fields: readonly (string | number | null | undefined)[]): string {
  return stringify([fields.map((v) => (v === null || v === undefined ? '' : String(v)))], CSV_OPTIONS)
}
