import { FAULTS, GITHUB_RATE_LIMIT } from "./support/fault-routes.ts";
import { faultSuite } from "./support/fault-suite.ts";

// The GitHub fake plays every fault but a slow body (its interface has none), and its rate limits.
faultSuite("github", [...FAULTS.filter((fault) => fault !== "slow body"), GITHUB_RATE_LIMIT]);
