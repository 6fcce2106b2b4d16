import { z } from "zod";
import { clearCookie, readCookie } from "@/lib/auth/cookies";
import { CALLBACK_LIMIT } from "@/lib/auth/oauth/policy";
import { enabledProvider, finishSignIn } from "@/lib/auth/oauth/sign-in";
import { tokensResponse } from "@/lib/auth/respond";
import { clientIp, ipLimitKey } from "@/lib/http/client-ip";
import { handle, parseJson } from "@/lib/http/respond";
import { enforce } from "@/lib/limits/rate-limit";
import { db } from "@/lib/server/runtime";

const body = z.object({
  code: z.string().min(1).max(4096),
  state: z.string().min(1).max(512),
  iss: z.string().max(2048).optional(),
});

/**
 * AUTH-1: the callback page posts what the provider sent back. On success the answer is the usual
 * token pair (body and cookies) and the flow cookie is dropped.
 */
export const POST = handle(async (req, { params }: { params: Promise<{ provider: string }> }) => {
  const provider = enabledProvider((await params).provider);
  const database = await db();
  const ip = clientIp(req);
  await enforce(database, [{ key: `oauth-callback:${ipLimitKey(ip)}`, ...CALLBACK_LIMIT }]);
  const response = await parseJson(req, body);
  const { tokens, user } = await finishSignIn(database, {
    provider,
    response,
    browserSecret: readCookie(req, "oauth_flow"),
    userAgent: req.headers.get("user-agent"),
    ip,
  });
  const res = tokensResponse(tokens, user);
  res.headers.append("Set-Cookie", clearCookie("oauth_flow"));
  return res;
});
