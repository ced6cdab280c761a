import { dayLabel, manilaDate, manilaTime } from "../../lib/manila-time.ts";

/** Instead of results, while a day is not shown: when it opens, or that the organisers will open it. */
export function NotLive({ label, opensAt }: { label: string; opensAt: number | undefined }) {
  return (
    <div class="notice" role="status">
      {opensAt === undefined ? (
        <p>
          Results for <strong>{label}</strong> are not public yet. They will appear here as soon as the
          organisers open them; this page updates by itself.
        </p>
      ) : (
        <p>
          Results for <strong>{label}</strong> open on{" "}
          <strong>
            {dayLabel(manilaDate(opensAt))} at {manilaTime(opensAt)}
          </strong>{" "}
          (Manila time). This page updates by itself.
        </p>
      )}
    </div>
  );
}
