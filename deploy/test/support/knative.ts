import { flag } from "./fake-cloud.ts";

/**
 * A Cloud Run service as `gcloud run services describe --format=json` prints it (Knative serving
 * v1, as documented for Cloud Run's Admin API v1), made from the `gcloud run deploy` arguments
 * that created it: what Cloud Run stores for each flag the setup passes.
 */
export function knativeService(args: readonly string[], pinnedRevision?: string) {
  const name = args[2] as string;
  const pairs = (value: string | undefined) =>
    (value ?? "")
      .split(",")
      .filter(Boolean)
      .map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string]);
  const annotations: Record<string, string> = {
    "run.googleapis.com/client-name": "gcloud",
    "run.googleapis.com/cpu-throttling": args.includes("--no-cpu-throttling") ? "false" : "true",
    "run.googleapis.com/startup-cpu-boost": args.includes("--cpu-boost") ? "true" : "false",
    "autoscaling.knative.dev/maxScale": flag(args, "max-instances") as string,
  };
  const min = flag(args, "min-instances");
  if (min !== undefined && min !== "0") annotations["autoscaling.knative.dev/minScale"] = min;
  return {
    apiVersion: "serving.knative.dev/v1",
    kind: "Service",
    metadata: {
      name,
      namespace: "123",
      annotations: {
        "run.googleapis.com/ingress": "all",
        "run.googleapis.com/operation-id": "op-1",
        ...(args.includes("--no-invoker-iam-check")
          ? { "run.googleapis.com/invoker-iam-disabled": "true" }
          : {}),
      },
    },
    spec: {
      template: {
        metadata: { annotations },
        spec: {
          containerConcurrency: Number(flag(args, "concurrency")),
          timeoutSeconds: Number(flag(args, "timeout")),
          serviceAccountName: flag(args, "service-account"),
          containers: [
            {
              image: flag(args, "image"),
              ports: [{ name: args.includes("--use-http2") ? "h2c" : "http1", containerPort: 8080 }],
              env: [
                ...pairs(flag(args, "set-env-vars")).map(([n, value]) => ({ name: n, value })),
                ...pairs(flag(args, "set-secrets")).map(([n, ref]) => {
                  const [secret, key] = ref.split(":");
                  return { name: n, valueFrom: { secretKeyRef: { key, name: secret } } };
                }),
              ],
              resources: {
                limits: { cpu: `${Number(flag(args, "cpu")) * 1000}m`, memory: flag(args, "memory") },
              },
              startupProbe: {
                failureThreshold: 1,
                periodSeconds: 240,
                tcpSocket: { port: 8080 },
                timeoutSeconds: 240,
              },
            },
          ],
        },
      },
      traffic: pinnedRevision
        ? [{ revisionName: pinnedRevision.replace(/=\d+$/, ""), percent: 100 }]
        : [{ latestRevision: true, percent: 100 }],
    },
    status: {
      url: `https://${name}-abc123def-as.a.run.app`,
      address: { url: `https://${name}-abc123def-as.a.run.app` },
      conditions: [{ status: "True", type: "Ready" }],
    },
  };
}
