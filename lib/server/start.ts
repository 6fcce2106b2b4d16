import "server-only";
import { consoleDeliveryWarning, otpDelivery } from "@/lib/auth/otp-delivery";
import { configOrExit } from "@/lib/config";
import { DataDirLockedError } from "@/lib/db/lock";
import { runtime } from "./runtime";

/** Server start-up: bad configuration or a taken data folder end the process with one clear line. */
export async function start(): Promise<void> {
  configOrExit();
  try {
    await runtime();
  } catch (err) {
    console.error(
      err instanceof DataDirLockedError
        ? err.message
        : `[agentcity] start-up failed: ${(err as Error).message}`,
    );
    process.exit(1);
  }
  if (otpDelivery() === "console") console.warn(consoleDeliveryWarning());
}
