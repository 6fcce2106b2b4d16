import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  appendUnique,
  conversationsPath,
  dayInZone,
  daysBetween,
  daysInMonth,
  exportFileName,
  gridRange,
  helpfulShare,
  lastDays,
  monthCaption,
  monthGrid,
  parseDateKey,
  relativeTo,
  weekStartFor,
} from "@/lib/client/history";

describe("calendar days in the owner's time zone", () => {
  it("puts an instant on the day it is in the zone, not in UTC", () => {
    // 17:30 UTC on 31 Dec is already 1 Jan in Hà Nội (UTC+7) and still 31 Dec in New York.
    const instant = new Date("2026-12-31T17:30:00Z");
    expect(dayInZone(instant, "Asia/Ho_Chi_Minh")).toBe("2027-01-01");
    expect(dayInZone(instant, "UTC")).toBe("2026-12-31");
    expect(dayInZone(instant, "America/New_York")).toBe("2026-12-31");
    expect(dayInZone(new Date("2026-11-01T03:00:00Z"), "America/Los_Angeles")).toBe("2026-10-31");
    // Half- and quarter-hour zones.
    expect(dayInZone(new Date("2026-03-01T18:29:00Z"), "Asia/Kolkata")).toBe("2026-03-01");
    expect(dayInZone(new Date("2026-03-01T18:30:00Z"), "Asia/Kolkata")).toBe("2026-03-02");
    expect(dayInZone(new Date("2026-03-01T11:00:00Z"), "Pacific/Kiritimati")).toBe("2026-03-02");
  });

  it("counts the last 30 days back from today in the zone", () => {
    const now = new Date("2026-03-01T20:00:00Z"); // 2 March in Hà Nội
    expect(lastDays(30, "Asia/Ho_Chi_Minh", now)).toEqual({ from: "2026-02-01", to: "2026-03-02" });
    expect(lastDays(30, "UTC", now)).toEqual({ from: "2026-01-31", to: "2026-03-01" });
    expect(daysBetween("2026-02-01", "2026-03-02")).toHaveLength(30);
  });

  it("moves by whole days across months, years and leap days", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-02-28", 1)).toBe("2025-03-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    // Daylight saving changes do not matter: days are calendar arithmetic.
    expect(addDays("2026-03-08", 1)).toBe("2026-03-09");
    expect(addDays("2026-10-25", 1)).toBe("2026-10-26");
  });

  it("reads only real dates", () => {
    expect(parseDateKey("2026-02-29")).toBeNull();
    expect(parseDateKey("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDateKey("2026-13-01")).toBeNull();
    expect(parseDateKey("26-1-1")).toBeNull();
  });
});

describe("a month's grid", () => {
  it("fills whole weeks starting on Monday", () => {
    // November 2026 starts on a Sunday: six empty days before it on a Monday-first grid.
    const weeks = monthGrid({ year: 2026, month: 11 }, 1);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0]![0]!.date).toBe("2026-10-26");
    expect(weeks[0]![6]).toMatchObject({ date: "2026-11-01", day: 1, inMonth: true, weekday: 0 });
    expect(weeks.flat().filter((c) => c.inMonth)).toHaveLength(30);
    expect(weeks.at(-1)!.at(-1)!.date).toBe("2026-12-06");
    expect(
      weeks
        .flat()
        .map((c) => c.weekday)
        .slice(0, 7),
    ).toEqual([1, 2, 3, 4, 5, 6, 0]);
  });

  it("fills whole weeks starting on Sunday", () => {
    const weeks = monthGrid({ year: 2026, month: 11 }, 0);
    expect(weeks[0]![0]!.date).toBe("2026-11-01");
    expect(weeks).toHaveLength(5);
    expect(gridRange({ year: 2026, month: 11 }, 0)).toEqual({ from: "2026-11-01", to: "2026-12-05" });
  });

  it("handles February in leap and common years and a month that fits four weeks", () => {
    expect(daysInMonth({ year: 2024, month: 2 })).toBe(29);
    expect(daysInMonth({ year: 2026, month: 2 })).toBe(28);
    // February 2027 starts on a Monday and has 28 days: exactly four Monday-first weeks.
    const feb = monthGrid({ year: 2027, month: 2 }, 1);
    expect(feb).toHaveLength(4);
    expect(feb.flat().every((c) => c.inMonth)).toBe(true);
    const leap = monthGrid({ year: 2024, month: 2 }, 1).flat();
    expect(leap.filter((c) => c.inMonth).at(-1)!.date).toBe("2024-02-29");
  });

  it("is the same whatever the process's own time zone", () => {
    const before = process.env.TZ;
    try {
      process.env.TZ = "Pacific/Honolulu";
      const a = monthGrid({ year: 2026, month: 3 }, 1);
      process.env.TZ = "Pacific/Kiritimati";
      const b = monthGrid({ year: 2026, month: 3 }, 1);
      expect(a).toEqual(b);
      expect(a[0]![6]!.date).toBe("2026-03-01");
    } finally {
      process.env.TZ = before;
    }
  });

  it("moves between months across years", () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(addMonths({ year: 2026, month: 5 }, -17)).toEqual({ year: 2024, month: 12 });
  });

  it("starts the week on Monday in Vietnamese and Sunday in English", () => {
    expect(weekStartFor("vi")).toBe(1);
    expect(weekStartFor("en")).toBe(0);
  });
});

describe("list helpers", () => {
  it("builds the list's query with only the filters in use", () => {
    expect(conversationsPath({ tz: "Asia/Ho_Chi_Minh" })).toBe(
      "/api/v1/agent/conversations?tz=Asia%2FHo_Chi_Minh",
    );
    expect(conversationsPath({ tz: "UTC", lastId: "conv_1", date: "2026-11-23", q: "  phở " })).toBe(
      "/api/v1/agent/conversations?tz=UTC&last_id=conv_1&date=2026-11-23&q=ph%E1%BB%9F",
    );
  });

  it("keeps each conversation once when pages overlap", () => {
    const a = [{ id: "1" }, { id: "2" }];
    expect(appendUnique(a, [{ id: "2" }, { id: "3" }, { id: "3" }])).toEqual([
      { id: "1" },
      { id: "2" },
      { id: "3" },
    ]);
    expect(appendUnique(a, [{ id: "1" }])).toBe(a);
  });

  it("says how long ago within a week, and nothing older", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    expect(relativeTo(new Date("2026-11-23T11:59:40Z"), now)).toEqual({ value: 0, unit: "second" });
    expect(relativeTo(new Date("2026-11-23T11:30:00Z"), now)).toEqual({ value: -30, unit: "minute" });
    expect(relativeTo(new Date("2026-11-23T07:00:00Z"), now)).toEqual({ value: -5, unit: "hour" });
    expect(relativeTo(new Date("2026-11-20T12:00:00Z"), now)).toEqual({ value: -3, unit: "day" });
    expect(relativeTo(new Date("2026-11-10T12:00:00Z"), now)).toBeNull();
  });

  it("shares helpful answers as a whole percentage", () => {
    expect(helpfulShare({ helpful: 0, unhelpful: 0 })).toBeNull();
    expect(helpfulShare({ helpful: 2, unhelpful: 1 })).toBe(67);
    expect(helpfulShare({ helpful: 0, unhelpful: 4 })).toBe(0);
  });
});

describe("the download's file name", () => {
  it("takes the server's name, or the contract's default", () => {
    expect(
      exportFileName('attachment; filename="agentcity-history-2026-11-23.csv"', "2026-11-23", "csv"),
    ).toBe("agentcity-history-2026-11-23.csv");
    expect(exportFileName("attachment; filename*=UTF-8''l%E1%BB%8Bch-s%E1%BB%AD.json", "x", "json")).toBe(
      "lịch-sử.json",
    );
    expect(exportFileName(null, "2026-11-23", "json")).toBe("agentcity-history-2026-11-23.json");
    expect(exportFileName('attachment; filename="../../etc/passwd"', "2026-11-23", "csv")).toBe(
      "agentcity-history-2026-11-23.csv",
    );
  });
});

describe("the calendar's caption", () => {
  it("raises only the first letter, as a sentence starts (not every word)", () => {
    expect(monthCaption({ year: 2026, month: 11 }, "vi")).toBe("Tháng 11 năm 2026");
    expect(monthCaption({ year: 2026, month: 1 }, "vi")).toBe("Tháng 1 năm 2026");
    expect(monthCaption({ year: 2026, month: 11 }, "en")).toBe("November 2026");
  });
});
