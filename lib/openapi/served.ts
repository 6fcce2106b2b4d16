import "server-only";
import { config } from "@/lib/config";
import { contracts } from "@/lib/contracts";
import packageJson from "@/package.json" with { type: "json" };
import { type OpenApiDocument, openApiDocument } from "./document";

let built: OpenApiDocument | undefined;

/**
 * The document this server answers and the reference page renders: built once per process (the
 * contracts and APP_URL do not change while it runs), then the same object every time.
 */
export function servedDocument(): OpenApiDocument {
  built ??= openApiDocument(contracts, { serverUrl: config().APP_URL, version: packageJson.version });
  return built;
}
