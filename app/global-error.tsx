"use client";

/**
 * Last resort when the root layout itself fails: no translations or styles are available here,
 * so it says the essentials in both languages.
 */
export default function GlobalError({ reset }: { error: Error; reset: () => void }) {
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
          <p style={{ color: "#4f46e5", fontWeight: 600 }}>500</p>
          <h1>Internal Server Error</h1>
          <p lang="vi">Lỗi máy chủ. Vui lòng thử lại sau.</p>
          <button type="button" onClick={reset} style={{ marginTop: 16, padding: "8px 16px" }}>
            Try again · Thử lại
          </button>
        </main>
      </body>
    </html>
  );
}
