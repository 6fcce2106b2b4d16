import { describe, expect, it } from "vitest";
import { ApiClientError } from "@/lib/client/http";
import { errorDigest, readErrorDigest, shownError } from "@/lib/http/error-digest";

/** Spec §2 (issue 43 item 1): which status and message the generic error page shows for an error. */
describe("the error page's facts about an error", () => {
  it("reads back a page error's status and message from its digest, any text included", () => {
    const message = "Nội dung này; trùng 100% với dữ liệu đã có.";
    const digest = errorDigest({ status: 409, code: "conflict", message });
    expect(readErrorDigest(digest)).toEqual({ status: 409, code: "conflict", message });
    expect(shownError(Object.assign(new Error("stripped in production"), { digest }))).toEqual({
      status: 409,
      message,
    });
  });

  it("shows an unknown server error (a hash digest) as a 500 without its message", () => {
    const stripped = Object.assign(new Error("An error occurred in the Server Components render."), {
      digest: "2714386487",
    });
    expect(shownError(stripped)).toEqual({ status: 500, message: null });
  });

  it("refuses digests that only look like a page error's", () => {
    for (const digest of [
      "AGENTCITY_HTTP;200;ok;x",
      "AGENTCITY_HTTP;abc;x;y",
      "AGENTCITY_HTTP;403",
      "AGENTCITY_HTTP;403;x;%E0%A4%A",
    ])
      expect(readErrorDigest(digest)).toBeNull();
  });

  it("shows an error thrown in the browser with its own message, and its own status when it has one", () => {
    expect(shownError(new Error("The basket could not be read."))).toEqual({
      status: 500,
      message: "The basket could not be read.",
    });
    expect(shownError(new ApiClientError(403, "forbidden", "Bạn không có quyền."))).toEqual({
      status: 403,
      message: "Bạn không có quyền.",
    });
    expect(shownError(new ApiClientError(503, "http_error", ""))).toEqual({ status: 503, message: null });
    expect(shownError(new Error(""))).toEqual({ status: 500, message: null });
  });
});
