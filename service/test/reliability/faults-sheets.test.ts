import { FAULTS, SHEETS_TRANSIENT_FAULTS } from "./support/fault-routes.ts";
import { faultSuite } from "./support/fault-suite.ts";

faultSuite("sheets", [...FAULTS, ...SHEETS_TRANSIENT_FAULTS]);
