import { createHash } from "node:crypto";

/** The git blob sha of a file's content: the revision both data-repository adapters report. */
export function gitBlobSha(content: string | Buffer): string {
  const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  return createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
}
