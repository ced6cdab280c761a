import { faultSuite } from "./support/fault-suite.ts";

faultSuite("sheets");
