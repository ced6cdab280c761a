/** One cell value as the API gives it: formatted values are strings; unformatted ones keep their type. */
export type CellValue = string | number | boolean | null;

/** A rectangular block of rows; rows may be ragged (trailing empty cells omitted). */
export type Rows = CellValue[][];
