import { stringify } from 'csv-stringify/sync';

/**
 * A text cell that starts with = + - @, a tab or CR (or a full-width = + - @) gets a leading '
 * so that a spreadsheet shows it rather than running it as a formula (OWASP, CSV injection):
 * names and predictions are anyone's text. Numbers are passed as numbers: -0.5 stays a number.
 */
export const csv = (rows: unknown[][]) => stringify(rows, { escape_formulas: true });
