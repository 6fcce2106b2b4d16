import { ownerAgentContext } from "@/lib/agents/owner-request";
import { calendarDate, timeZone } from "@/lib/history/days";
import { exportRecords, messagesOfDay, toCsv } from "@/lib/history/export";
import { ApiError } from "@/lib/http/errors";
import { handle } from "@/lib/http/respond";
import { cleanQuery } from "@/lib/http/text-hygiene";

/** One day's messages as a CSV or JSON download, the 500 latest at most (HIST-2). */
export const GET = handle(async (req) => {
  const { user, agent, db: database } = await ownerAgentContext(req);
  const params = cleanQuery(req.url);
  if (!params.get("date")) throw new ApiError("bad_request", "history_date_required");
  const date = calendarDate(params.get("date"))!;
  const format = params.get("format") ?? "csv";
  if (format !== "csv" && format !== "json")
    throw new ApiError("validation_failed", "history_format_invalid");
  const tz = await timeZone(database, params.get("tz"), user.timeZone);
  const rows = await messagesOfDay(database, agent.id, date, tz);
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
  return new Response(toCsv(records), { headers: { ...headers, "content-type": "text/csv; charset=utf-8" } });
});
