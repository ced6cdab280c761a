/**
 * Checks a repository path (`config/events.json`, `<event>/data/<day>.json`) before it touches a
 * file system or a URL: relative, forward slashes, no empty, `.` or `..` segment, no control characters.
 */
export function assertRepositoryPath(path: string): string {
  const segments = path.split("/");
  const bad =
    path.length === 0 ||
    path.length > 512 ||
    [...path].some((char) => char === "\\" || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f) ||
    segments.some((segment) => segment === "" || segment === "." || segment === "..");
  if (bad) throw new Error(`not a repository path: ${JSON.stringify(path)}`);
  return path;
}
