import { contracts } from "@/lib/contracts";
import { calendarDate, timeZone } from "@/lib/history/days";
import { exportRecords, messagesOfDay, toCsv } from "@/lib/history/export";
import { ApiError } from "@/lib/http/errors";
import { route } from "@/lib/server/route";

export const GET = route(
  contracts.exportDay,
  async ({ user, agent, db, query }) => {
    // Present but empty (`?date=`) passes the schema: the same answer as no date at all.
    if (!query.date) throw new ApiError("bad_request", "history_date_required");
    const date = calendarDate(query.date)!;
    const format = query.format ?? "csv";
    if (format !== "csv" && format !== "json")
      throw new ApiError("validation_failed", "history_format_invalid");
    const tz = await timeZone(db, query.tz ?? null, user.timeZone);
    const rows = await messagesOfDay(db, agent.id, date, tz);
    if (rows.length === 0) throw new ApiError("not_found", "history_no_messages");
    const records = exportRecords(rows, tz);
    const name = `agentcity-history-${date}.${format}`;
    const headers = {
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "no-store",
    };
    if (format === "json") {
      return new Response(JSON.stringify({ date, time_zone: tz, messages: records }, null, 2), {
        headers: { ...headers, "content-type": "application/json; charset=utf-8" },
      });
    }
    return new Response(toCsv(records), {
      headers: { ...headers, "content-type": "text/csv; charset=utf-8" },
    });
  },
  // `date` is required by the contract; without it the owner reads "choose a date first", as before,
  // rather than a bare field error (the only way this query can fail its schema).
  { invalidQuery: () => new ApiError("bad_request", "history_date_required") },
);
