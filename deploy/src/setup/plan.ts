import type { SetupContext } from "./context.ts";
import { pages } from "./steps/pages.ts";
import { apis, builderRoles, imageRepository, projectAndBilling, serviceAccounts } from "./steps/project.ts";
import { relay } from "./steps/relay.ts";
import { secrets } from "./steps/secrets.ts";
import { service } from "./steps/service.ts";

/**
 * The setup in the order it must run: each step checks the current state first and changes only
 * what is not right. The relay goes before the service (the service needs its address), the
 * service before the pages (their config.json needs its URL).
 */
export const STEPS: ReadonlyArray<{ title: string; run(ctx: SetupContext): Promise<void> }> = [
  { title: "1. The Google Cloud project: signed in, found, billing on", run: projectAndBilling },
  { title: "2. The APIs", run: apis },
  { title: "3. The image repository (Artifact Registry)", run: imageRepository },
  { title: "4. The service accounts: the service's own, and the build's", run: serviceAccounts },
  { title: "5. The build account's roles", run: builderRoles },
  { title: "6. The secrets, each readable by the service's account", run: secrets },
  { title: "7. The relay on Cloudflare", run: relay },
  { title: "8. The service on Cloud Run", run: service },
  { title: "9. The pages on the data repository's branch", run: pages },
];

/** Runs every step in order; a failed step stops the setup there (running it again resumes). */
export async function runSetup(ctx: SetupContext): Promise<void> {
  for (const step of STEPS) {
    ctx.heading(step.title);
    await step.run(ctx);
  }
}
