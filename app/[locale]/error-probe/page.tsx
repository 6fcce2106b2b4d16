import { notFound } from "next/navigation";
import { config } from "@/lib/config";
import { ApiError, type ErrorCode } from "@/lib/http/errors";
import { pageError } from "@/lib/http/page-error";
import { ThrowsInBrowser } from "./throws-in-browser";

export const dynamic = "force-dynamic";

// The statuses a test can ask for, each as domain code throws it: an ApiError with its code.
const CODES: Record<string, ErrorCode> = {
  "403": "forbidden",
  "409": "conflict",
  "503": "service_unavailable",
};

/**
 * Lets the end-to-end tests reach the generic error page; a 404 unless TEST_HOOKS=true. Plain: an unknown
 * server error (500); `?status=403|409|503`: a page error with that status; `?thrown=browser`: an Error
 * with a message thrown while rendering in the browser.
 */
export default async function ErrorProbe({
  searchParams,
}: {
  searchParams: Promise<{ status?: string; thrown?: string }>;
}) {
  if (!config().TEST_HOOKS) notFound();
  const { status, thrown } = await searchParams;
  if (thrown === "browser") return <ThrowsInBrowser />;
  const code = status ? CODES[status] : undefined;
  if (code) throw await pageError(new ApiError(code));
  throw new Error("error probe: thrown on purpose by a test");
}
