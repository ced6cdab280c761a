/**
 * A heavy library loaded when it is first needed, once: a service on local workbooks never loads
 * the Google and GitHub clients, nor one on Google Sheets ExcelJS and HyperFormula, and neither
 * pays for them at its start. A load that failed is tried again by the next call.
 */

/** @example const octokit = loadedOnce(async () => new (await import("@octokit/rest")).Octokit()); await octokit(); */
export function loadedOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
