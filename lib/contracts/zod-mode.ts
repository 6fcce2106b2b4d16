import { z } from "zod";

/**
 * In the browser zod must not compile parsers with `new Function`: the Content-Security-Policy has no
 * 'unsafe-eval', and zod's probe for it (at the first z.object) is reported as a violation (SEC-4). The
 * server keeps the faster compiled parsers. Every contract module imports this first.
 */
if (typeof document !== "undefined") z.config({ jitless: true });
