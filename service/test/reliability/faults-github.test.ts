import { FAULTS } from "./support/fault-routes.ts";
import { faultSuite } from "./support/fault-suite.ts";

// The GitHub fake plays every fault but a slow body (its interface has none).
faultSuite(
  "github",
  FAULTS.filter((fault) => fault !== "slow body"),
);
