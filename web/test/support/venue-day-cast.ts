/**
 * Who the venue-day rehearsal (web/test/browser/venue-day.test.ts) checks in and which scores it
 * saves, on the demo's Sunday (service/src/demo/tournament.ts): the people of each hall's
 * check-in list with what a volunteer types to find them, and the twelve matches of Rizal Hall.
 */

/** Who each desk checks in, by what the volunteer types: 10 at Rizal Hall, 10 at Annex Court. */
export const RIZAL_FIRST = [
  ["joaquin", "Joaquín Santos"],
  ["monica", "Mónica Yáñez"],
  ["rafael", "Rafael Mañalac"],
  ["dolores", "Dolores Magbanua"],
  ["lorenzo", "Lorenzo Villanueva"],
  ["celestina perez", "Celestina Pérez"],
] as const;
export const RIZAL_AFTER_REPLACE = [
  ["matias", "Matías Quiñones"],
  ["rocio", "Rocío Navarro"],
  ["benjamin", "Benjamín Reyes"],
  ["gabriel", "Gabriel Ocampo"],
] as const;
export const ANNEX_ONLINE = [
  ["paz", "Paz Saldaña"],
  ["noemi", "Noemí Tolentino"],
  ["raquel", "Raquel Domínguez"],
  ["veronica", "Verónica Lacson"],
] as const;
export const ANNEX_OFFLINE = [
  ["jose nanez", "José Ñañez"],
  ["ramon", "Ramón Dela Cruz"],
  ["andres", "Andrés Báez"],
] as const;
export const ANNEX_RELOADED = [
  ["nicolas", "Nicolás Peñaflor"],
  ["julian", "Julián Castañeda"],
  ["tomas", "Tomás Ibáñez"],
] as const;

/** The final score of each of the twelve matches, and who wrote it (the cell note's label). */
export const FINAL: Record<number, { score: [number, number]; by: string }> = {
  301: { score: [21, 15], by: "Ana (Court 1)" },
  302: { score: [21, 14], by: "Operator console" }, // Ana saved 21–12; the organiser corrects it
  303: { score: [18, 21], by: "Ben (Court 2)" },
  304: { score: [21, 17], by: "Ben (Court 2)" },
  305: { score: [21, 19], by: "Ana (Court 1)" }, // Ben saved 15–21 first; Ana keeps hers
  306: { score: [21, 8], by: "Ben (Court 2)" },
  307: { score: [21, 10], by: "Carla (Court 3)" },
  308: { score: [21, 16], by: "Carla (Court 3)" }, // with the replacement link
  309: { score: [19, 21], by: "Carla (Court 3)" },
  310: { score: [21, 11], by: "Carla (Court 3)" },
  311: { score: [21, 5], by: "Ana (Court 1)" }, // counted point by point, called from the court board
  312: { score: [21, 21], by: "Ben (Court 2)" }, // retired: saved with the one more tap
};
