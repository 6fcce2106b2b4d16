import { describe, expect, it } from "vitest";
import { get } from "../helpers/http";

// SHELL-9: rules added with `npm run redirects` (seeded by the test server) answer from the proxy.
describe("server-driven redirects", () => {
  it("redirects an internal target in-app, keeping the query", async () => {
    const { status, res } = await get("/old-pricing?ref=mail");
    expect(status).toBe(308);
    const target = new URL(res.headers.get("location") ?? "", "http://x");
    expect(target.pathname + target.search).toBe("/en/pricing?ref=mail");
  });

  it("sends an external target as a full navigation", async () => {
    const { status, res } = await get("/go/docs");
    expect(status).toBe(307);
    expect(res.headers.get("location")).toBe("https://docs.example.org/start");
  });

  it("answers the per-path lookup with the rule and its middleware settings", async () => {
    const internal = JSON.parse((await get("/api/v1/route-rules?path=/vi/bang-gia")).text);
    expect(internal.data).toEqual({
      path: "/vi/bang-gia",
      redirect: { target: "/vi/pricing", external: false, permanent: false },
      middleware: { campaign: "autumn" },
    });
    const external = JSON.parse((await get("/api/v1/route-rules?path=/go/docs/")).text);
    expect(external.data.redirect).toEqual({
      target: "https://docs.example.org/start",
      external: true,
      permanent: false,
    });
  });

  it("leaves other paths alone", async () => {
    expect((await get("/vi/pricing")).status).toBe(200);
    expect((await get("/old-pricing-2")).status).not.toBe(308);
  });
});
