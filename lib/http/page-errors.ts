import "server-only";
import { notFound } from "next/navigation";

/**
 * A page whose parameters fail validation answers 404; the not-found page shows the requested path
 * (spec §2: "Page Not Found" followed by the path).
 */
export function pageValidationFailed(): never {
  notFound();
}
