import { type ChallengeSolution, type ChallengeSpec, solve } from "./pow";

/**
 * Solves the chat challenge the server asked for, invisibly: in a Web Worker where the browser has them,
 * on the page otherwise. Loaded only when a challenge arrives (a dynamic import), so the public chat page
 * carries none of this until the server asks. Answers the value of the challenge header (base64 JSON),
 * or null when it could not be solved in time.
 */
const TIME_LIMIT_MS = 20_000;

function inWorker(spec: ChallengeSpec): Promise<ChallengeSolution | null> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
    } catch (err) {
      reject(err);
      return;
    }
    const timer = setTimeout(() => {
      worker.terminate();
      resolve(null);
    }, TIME_LIMIT_MS);
    worker.onmessage = (e: MessageEvent<{ solution: ChallengeSolution | null }>) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(e.data.solution);
    };
    worker.onerror = (e) => {
      clearTimeout(timer);
      worker.terminate();
      reject(e);
    };
    worker.postMessage(spec);
  });
}

export async function solveChallenge(spec: ChallengeSpec): Promise<string | null> {
  performance.mark("chat-challenge-start");
  const solution = await inWorker(spec).catch(() => solve(spec));
  // Measured for the tests and for anyone profiling the page: how long a visitor waited on the check.
  performance.measure("chat-challenge-solve", "chat-challenge-start");
  if (!solution) return null;
  return btoa(JSON.stringify(solution));
}
