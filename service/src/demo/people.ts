/**
 * The demo's players: Filipino and Spanish names with the accents real entry lists carry, so the
 * person key's accent folding (`José Ñañez` → `jose nanez`) shows in every list.
 */
export const MEN = [
  "José Ñañez",
  "Ramón Dela Cruz",
  "Andrés Báez",
  "Nicolás Peñaflor",
  "Julián Castañeda",
  "Tomás Ibáñez",
  "Íñigo Muñoz",
  "Emilio Agüero",
  "Joaquín Santos",
  "Rafael Mañalac",
  "Lorenzo Villanueva",
  "Matías Quiñones",
  "Benjamín Reyes",
  "Gabriel Ocampo",
  "Sebastián Dizon",
  "Adrián Bautista",
] as const;

export const WOMEN = [
  "María Peña",
  "Zoë Santiago",
  "Lucía Fernández",
  "Inés Gómez",
  "Sofía Ramírez",
  "Camila Aquino",
  "Ana Lucía Cruz",
  "Beatriz Olmo",
  "Mónica Yáñez",
  "Dolores Magbanua",
  "Celestina Pérez",
  "Rocío Navarro",
  "Paz Saldaña",
  "Noemí Tolentino",
  "Raquel Domínguez",
  "Verónica Lacson",
] as const;

/** Umpires, listed in the `referee` column. */
export const REFEREES = [
  "Ernesto Dumalagan",
  "Corazón Alcántara",
  "Félix Sarmiento",
  "Perla Ordóñez",
] as const;

/**
 * Picks `count` names from a pool starting at `offset`, wrapping around, so categories share some
 * players (a person in two categories is one row in `ATTENDANCE` with two teams).
 * @example pick(MEN, 2, 15) // ["Adrián Bautista", "José Ñañez"]
 */
export function pick(pool: readonly string[], count: number, offset: number): string[] {
  return Array.from({ length: count }, (_, i) => pool[(offset + i) % pool.length] as string);
}
