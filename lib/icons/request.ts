import "server-only";
import { ApiError } from "@/lib/http/errors";
import { ICON_NAME_MAX, ICON_NAME_SHAPE, ICON_REQUEST_MAX } from "@/lib/shared/icons";

/**
 * Reads `{prefix}.json` and `?icons=a,b,c`. A bad file name, a missing or empty list, a name that is not an
 * icon name or more than ICON_REQUEST_MAX names is a 400 saying which; names asked twice count once.
 */
export function parseIconRequest(file: string, query: URLSearchParams): { prefix: string; names: string[] } {
  const prefix = /^(.+)\.json$/.exec(file)?.[1] ?? "";
  if (!ICON_NAME_SHAPE.test(prefix)) throw new ApiError("bad_request", "icons_file_invalid");
  const list = query.get("icons");
  if (!list) throw new ApiError("bad_request", "icons_list_missing");
  const names = [...new Set(list.split(","))];
  const bad = names.find((n) => n.length > ICON_NAME_MAX || !ICON_NAME_SHAPE.test(n));
  if (bad !== undefined) throw new ApiError("bad_request", "icons_name_invalid", { name: bad.slice(0, 80) });
  if (names.length > ICON_REQUEST_MAX)
    throw new ApiError("bad_request", "icons_list_too_long", { max: ICON_REQUEST_MAX });
  return { prefix, names };
}
