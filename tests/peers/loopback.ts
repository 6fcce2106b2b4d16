import type { Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * Starts a test peer's server on a free loopback port. `stop` destroys the open connections before closing:
 * an answer the peer holds open on purpose would keep close() waiting forever.
 */
export async function listenOnLoopback(server: Server): Promise<{ origin: string; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
