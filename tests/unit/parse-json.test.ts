import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "@/lib/http/errors";
import { parseJson } from "@/lib/http/respond";

const schema = z.object({
  email: z.email(),
  name: z.string().trim().min(1).max(5),
  kind: z.enum(["individual", "business"]),
  site: z.url({ protocol: /^https?$/ }).optional(),
});

const post = (body: string, lang = "en", headers: Record<string, string> = {}) =>
  new Request("http://app.test/api", {
    method: "POST",
    body,
    headers: { "content-type": "application/json", "accept-language": lang, ...headers },
  });

async function failure(req: Request, opts?: { maxBytes?: number }): Promise<ApiError> {
  const err = await parseJson(req, schema, opts).catch((e: unknown) => e);
  if (!(err instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(err)}`);
  return err;
}

describe("parseJson", () => {
  it("returns the parsed body", async () => {
    const body = { email: "a@b.vn", name: " An ", kind: "business" };
    expect(await parseJson(post(JSON.stringify(body)), schema)).toEqual({ ...body, name: "An" });
  });

  it("names each bad field in English", async () => {
    const err = await failure(post(JSON.stringify({ email: "nope", name: "toolong", kind: "alien" })));
    expect(err.status).toBe(422);
    expect(err.body("en").error.fields).toEqual({
      email: "Enter a valid e-mail address.",
      name: "At most 5 characters.",
      kind: "Choose one of the allowed values.",
    });
  });

  it("tells a value of the wrong type from a missing one", async () => {
    const err = await failure(post(JSON.stringify({ email: 42, name: null, kind: "business" })));
    expect(err.body("en").error.fields).toEqual({
      email: "This value is not valid.",
      name: "This field is required.",
    });
  });

  it("names each bad field in Vietnamese for a Vietnamese request", async () => {
    const err = await failure(post(JSON.stringify({ name: "", kind: "business", site: "ftp:x" }), "vi"));
    expect(err.fields).toEqual({
      email: "Trường này là bắt buộc.",
      name: "Trường này là bắt buộc.",
      site: "Vui lòng nhập địa chỉ web hợp lệ (http hoặc https).",
    });
  });

  it("refuses bad JSON with 400 and an oversize body with 413 without reading it all", async () => {
    expect((await failure(post("{nope"))).status).toBe(400);
    const big = JSON.stringify({ email: "a@b.vn", name: "x".repeat(200_000), kind: "business" });
    expect((await failure(post(big))).status).toBe(413);
    // A lying Content-Length does not help: the stream itself is counted.
    expect((await failure(post(big, "en", { "content-length": "10" }), { maxBytes: 1000 })).status).toBe(413);
  });
});
