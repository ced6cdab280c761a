import type { paths } from "../api/schema.d.ts";

/**
 * One person of a facility's attendance list (the spec's Person), as the people route answers it
 * and as the attendance mark answers it: `key`, `player`, parallel `teams` and `categories`,
 * `present`, `timeIn` (`yyyy-MM-dd HH:mm` in Manila, or hand-typed text), `withdrawn`, `shirt`.
 */
export type Person =
  paths["/v3/days/{day}/facilities/{facility}/people"]["get"]["responses"][200]["content"]["application/json"][number];
