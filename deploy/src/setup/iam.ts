import { jsonOf, type SetupContext } from "./context.ts";

/** An IAM policy as `get-iam-policy --format=json` prints it. */
interface Policy {
  bindings?: { role?: string; members?: string[]; condition?: unknown }[];
}

/** One role that one member must hold on one resource. */
export interface Grant {
  role: string;
  member: string;
}

/**
 * Reads a resource's IAM policy once (`getPolicy`, a gcloud `get-iam-policy`), then grants each
 * role its member lacks (`addBinding` makes the gcloud `add-iam-policy-binding` arguments).
 * A binding with a condition does not count: it may not hold when the service needs it.
 * @example await ensureGrants(ctx, ["secrets", "get-iam-policy", name], (g) => ["secrets", "add-iam-policy-binding", name, …], grants);
 */
export async function ensureGrants(
  ctx: SetupContext,
  getPolicy: string[],
  addBinding: (grant: Grant) => string[],
  grants: readonly Grant[],
): Promise<void> {
  const policy = jsonOf<Policy>(
    await ctx.check({ program: "gcloud", args: [...getPolicy, "--format=json"] }),
    "object",
  );
  const held = (grant: Grant) =>
    (policy?.bindings ?? []).some(
      (binding) =>
        binding.role === grant.role &&
        binding.condition === undefined &&
        binding.members?.includes(grant.member),
    );
  for (const grant of grants)
    if (!held(grant)) await ctx.change({ program: "gcloud", args: [...addBinding(grant), "--quiet"] });
}
