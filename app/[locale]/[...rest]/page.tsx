import { notFound } from "next/navigation";

// Unknown paths under a locale render the translated 404 page inside the locale's layout.
export default function CatchAll() {
  notFound();
}
