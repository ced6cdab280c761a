import { AppError } from "../../shared/errors.ts";

/**
 * A workbook the service may not open even after the API-key fallback: 502 `upstream_failure`
 * with the spec's message naming the account to share it with.
 * @example throw new SheetsAccessError("sync@project.iam.gserviceaccount.com");
 */
export class SheetsAccessError extends AppError {
  readonly serviceAccount: string;
  constructor(serviceAccount: string) {
    super(
      "upstream_failure",
      `the service cannot read this workbook; share it with ${serviceAccount} as Editor`,
    );
    this.serviceAccount = serviceAccount;
  }
}
