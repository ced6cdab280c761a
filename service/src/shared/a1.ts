/**
 * Column letters in A1 notation, the one place they are converted.
 * @example columnIndex("AA") // 26
 */
export function columnIndex(letters: string): number {
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/**
 * A zero-based column index to its letters.
 * @example columnLetters(26) // "AA"
 */
export function columnLetters(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * A cell's A1 name from zero-based row and column.
 * @example cellName(4, 27) // "AB5"
 */
export const cellName = (row: number, column: number) => `${columnLetters(column)}${row + 1}`;
