import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { OpenAiPeer, PeerRequest } from "../peers/openai";

/**
 * The language-model peer runs in the global setup's process; test files run in workers. This small
 * loopback endpoint lets them read what the peer saw (requests, aborts, pixel loads).
 */
export type PeerReport = { requests: PeerRequest[]; pixelHits: number };

export async function startPeerInspector(peer: OpenAiPeer): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createServer((_req, res) => {
    const report: PeerReport = { requests: peer.requests, pixelHits: peer.pixelHits };
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(report));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function peerReport(url: string): Promise<PeerReport> {
  const res = await fetch(url);
  return (await res.json()) as PeerReport;
}
