import { notFound } from "next/navigation";
import { config } from "@/lib/config";

export const dynamic = "force-dynamic";

/** Lets the end-to-end tests reach the generic error page; a 404 unless TEST_HOOKS=true. */
export default function ErrorProbe(): never {
  if (!config().TEST_HOOKS) notFound();
  throw new Error("error probe: thrown on purpose by a test");
}
