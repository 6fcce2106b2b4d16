import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Events, OAuth2Server } from "oauth2-mock-server";

/**
 * A real OpenID Connect provider on loopback (oauth2-mock-server: discovery, JWKS, signed id_tokens, PKCE).
 * Stricter than the package alone, like a real provider: a code works once and only for the client it was
 * issued to. `POST /__control/next-user` with JSON claims chooses who signs in at the next /authorize.
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
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  let next: Claims | null = null;
  const byCode = new Map<string, Claims>();
  const usedCodes = new Set<string>();
  const bySub = new Map<string, Claims>();

  // The package parses the body before custom routes (JSON or form).
  server.service.addRoute("POST", "/__control/next-user", (req, res) => {
    next = (req as IncomingMessage & { body?: Claims }).body ?? {};
    res.writeHead(204).end();
  });

  server.service.on(Events.BeforeAuthorizeRedirect, ({ url }: { url: URL }) => {
    const code = url.searchParams.get("code");
    if (code) byCode.set(code, { ...DEFAULT_CLAIMS, ...(next ?? {}) });
    next = null;
  });

  // Claims of the code's user go into both the access token and the id_token.
  server.service.on(
    Events.BeforeTokenSigning,
    (token: { payload: Claims }, req: IncomingMessage & { body?: Record<string, string> }) => {
      const claims = req.body?.code ? byCode.get(req.body.code) : undefined;
      if (!claims) return;
      Object.assign(token.payload, claims);
      bySub.set(String(claims.sub), claims);
    },
  );

  // A code is single use: the package alone would accept a replay that omits the PKCE verifier.
  server.service.on(
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

  server.service.on(
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

  await server.start(0, "127.0.0.1");
  // The package names itself "localhost", which may resolve to ::1 where nothing listens.
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  server.issuer.url = issuer;
  return { issuer, stop: () => server.stop() };
}

function decodeJwtPayload(jwt: string): Claims | null {
  try {
    return JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8")) as Claims;
  } catch {
    return null;
  }
}
