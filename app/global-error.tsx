"use client";

import { shownError } from "@/lib/http/error-digest";

/**
 * Last resort when the root layout itself fails: no translations or styles are available here,
 * so it says the essentials in both languages, with the error's own status and message when it has them.
 */
export default function GlobalError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const shown = shownError(error);
  return (
    <html lang="en">
      <body
        style={{
          fontFamily: "system-ui, sans-serif",
          display: "grid",
          placeItems: "center",
          minHeight: "100vh",
        }}
      >
        <main style={{ textAlign: "center", maxWidth: 420, padding: 24 }}>
          <p style={{ color: "#4f46e5", fontWeight: 600 }}>{shown.status}</p>
          <h1>{shown.status >= 500 ? "Internal Server Error" : "Request Failed"}</h1>
          {shown.message && <p>{shown.message}</p>}
          {shown.status >= 500 && <p lang="vi">Lỗi máy chủ. Vui lòng thử lại sau.</p>}
          <button type="button" onClick={reset} style={{ marginTop: 16, padding: "8px 16px" }}>
            Try again · Thử lại
          </button>
        </main>
      </body>
    </html>
  );
}
