// Whether a path a caller asked for stays inside the folder it is served from.
import { realpathSync } from "node:fs";
import { join, sep } from "node:path";

/**
 * True unless `pathname` under `root` (a real path) is, or passes through, a symlink leading out
 * of `root`. A path that does not exist is let through: the file server answers it 404 or tries
 * the next root.
 * @example insideRoot("/srv/data", "/config/events.json") // true
 */
export function insideRoot(root: string, pathname: string): boolean {
  let real: string;
  try {
    real = realpathSync(join(root, pathname));
  } catch {
    return true;
  }
  return real === root || real.startsWith(root.endsWith(sep) ? root : root + sep);
}
