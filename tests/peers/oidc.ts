import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Events, OAuth2Issuer, OAuth2Service } from "oauth2-mock-server";

/**
 * A real OpenID Connect provider on loopback (oauth2-mock-server: discovery, JWKS, signed id_tokens, PKCE).
 * Stricter than the package alone, like a real provider: a code works once and only for the client it was
 * issued to. `POST /__control/next-user` with JSON claims chooses who signs in at the next /authorize;
 * `GET /__control/token-requests` answers {count} of token requests so far, so a test can tell a code the
 * server refused itself from one it sent on for the provider to refuse.
 */
export type OidcPeer = { issuer: string; stop: () => Promise<void> };

export const DEFAULT_CLAIMS = {
  sub: "peer-user-1",
  email: "peer.user@id.test",
  email_verified: true,
  given_name: "Peer",
  family_name: "User",
  name: "Peer User",
  picture: "https://images.id.test/peer-user.png",
};

type Claims = Record<string, unknown>;

export async function startOidcPeer(): Promise<OidcPeer> {
  const issuer = new OAuth2Issuer();
  const service = new OAuth2Service(issuer);
  await issuer.keys.generate("RS256");
  let tokenRequests = 0;
  let next: Claims | null = null;
  const byCode = new Map<string, Claims>();
  const usedCodes = new Set<string>();
  const bySub = new Map<string, Claims>();

  // The package parses the body before custom routes (JSON or form).
  service.addRoute("POST", "/__control/next-user", (req, res) => {
    next = (req as IncomingMessage & { body?: Claims }).body ?? {};
    res.writeHead(204).end();
  });
  service.addRoute("GET", "/__control/token-requests", (_req, res) => {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ count: tokenRequests }));
  });

  service.on(Events.BeforeAuthorizeRedirect, ({ url }: { url: URL }) => {
    const code = url.searchParams.get("code");
    if (code) byCode.set(code, { ...DEFAULT_CLAIMS, ...(next ?? {}) });
    next = null;
  });

  // Claims of the code's user go into both the access token and the id_token.
  service.on(
    Events.BeforeTokenSigning,
    (token: { payload: Claims }, req: IncomingMessage & { body?: Record<string, string> }) => {
      const claims = req.body?.code ? byCode.get(req.body.code) : undefined;
      if (!claims) return;
      Object.assign(token.payload, claims);
      bySub.set(String(claims.sub), claims);
    },
  );

  // A code is single use: the package alone would accept a replay that omits the PKCE verifier.
  service.on(
    Events.BeforeResponse,
    (
      response: { body: unknown; statusCode: number },
      req: IncomingMessage & { body?: Record<string, string> },
    ) => {
      const code = req.body?.grant_type === "authorization_code" ? req.body.code : undefined;
      if (!code) return;
      if (!byCode.has(code) || usedCodes.has(code)) {
        response.statusCode = 400;
        response.body = { error: "invalid_grant", error_description: "unknown or used code" };
      }
      usedCodes.add(code);
    },
  );

  service.on(
    Events.BeforeUserinfo,
    (response: { body: unknown; statusCode: number }, req: IncomingMessage) => {
      const token = req.headers.authorization?.replace(/^Bearer\s+/i, "") ?? "";
      const payload = decodeJwtPayload(token);
      const claims = payload ? bySub.get(String(payload.sub)) : undefined;
      if (!claims) {
        response.statusCode = 401;
        response.body = { error: "invalid_token" };
        return;
      }
      response.body = claims;
    },
  );

  // Counted before the package sees the request: it refuses some codes (PKCE) before any event fires.
  const server = createServer((req, res) => {
    if (req.method === "POST" && new URL(req.url ?? "/", "http://peer").pathname === "/token")
      tokenRequests++;
    void service.requestHandler(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  // The package would name itself "localhost", which may resolve to ::1 where nothing listens.
  const { port } = server.address() as AddressInfo;
  issuer.url = `http://127.0.0.1:${port}`;
  return {
    issuer: issuer.url,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function decodeJwtPayload(jwt: string): Claims | null {
  try {
    return JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8")) as Claims;
  } catch {
    return null;
  }
}
