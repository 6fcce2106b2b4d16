import "server-only";
import { consoleDeliveryWarning, otpDelivery } from "@/lib/auth/otp-delivery";
import { paymentsSetUp } from "@/lib/billing/plans";
import { configOrExit } from "@/lib/config";
import { DataDirLockedError } from "@/lib/db/lock";
import { logger, notice } from "@/lib/logger";
import { runtime } from "./runtime";

const log = logger("agentcity");

/** Server start-up: bad configuration or a taken data folder end the process with one clear line. */
export async function start(): Promise<void> {
  configOrExit();
  try {
    await runtime();
  } catch (err) {
    // The locked-folder message is complete as it is (it names the folder and the other process).
    if (err instanceof DataDirLockedError) logger().error(err.message);
    else log.error(`start-up failed: ${(err as Error).message}`);
    process.exit(1);
  }
  // For whoever started the server, where the codes will appear: readable even among JSON log lines.
  if (otpDelivery() === "console") notice("agentcity", consoleDeliveryWarning());
  if (!paymentsSetUp()) {
    notice(
      "agentcity",
      "No payment provider: paid plans say payments are not set up yet. Set Stripe's or payOS's keys " +
        '(docs/operations.md "Taking payments"), or PAYMENTS_SANDBOX=true for test payments on this demo server.',
    );
  }
}
