import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// Unit tests that reach config() must not write a session secret into the repository's ./data.
process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "agentcity-unit-"));
