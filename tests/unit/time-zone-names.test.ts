import { afterEach, describe, expect, it, vi } from "vitest";
import { accountTimeZone } from "@/lib/client/account-time-zone";
import { currentZoneName } from "@/lib/shared/time-zone-names";

describe("time zone names", () => {
  afterEach(() => vi.restoreAllMocks());

  it("an old name is given under the zone's current name; others are kept", () => {
    expect(currentZoneName("Asia/Saigon")).toBe("Asia/Ho_Chi_Minh");
    expect(currentZoneName("Europe/Kiev")).toBe("Europe/Kyiv");
    expect(currentZoneName("Asia/Ho_Chi_Minh")).toBe("Asia/Ho_Chi_Minh");
    expect(currentZoneName("UTC")).toBe("UTC");
  });

  it("every current name is one Intl knows", () => {
    for (const zone of ["Asia/Ho_Chi_Minh", "Asia/Kolkata", "Europe/Kyiv", "Pacific/Kanton", "America/Nuuk"])
      expect(() => new Intl.DateTimeFormat("en", { timeZone: zone })).not.toThrow();
  });

  it("a browser that reports Asia/Saigon (Chromium in Vietnam) is saved as Asia/Ho_Chi_Minh", () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockReturnValue({
      ...new Intl.DateTimeFormat().resolvedOptions(),
      timeZone: "Asia/Saigon",
    });
    expect(accountTimeZone()).toBe("Asia/Ho_Chi_Minh");
  });
});
